-- Why the server doubts a lead it kept as a person's: 'too-fast' when the form was sent
-- sooner after it opened than a person types (autofill, a password manager, a bot). The
-- lead is booked, texted and forwarded as usual; the staff see the doubt and judge it.
ALTER TABLE leads ADD COLUMN doubt text CHECK (doubt IN ('too-fast'));
