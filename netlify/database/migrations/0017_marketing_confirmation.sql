-- Marketing consent counts once the number's owner confirms it (정보통신망법 제50조: the
-- sender proves the consent of the recipient, and whoever fills in a form may give any
-- number). The confirmation is the owner's tap on the link texted to the number: when it
-- was made and how ('link'). No advert is queued or sent for a lead without it.
ALTER TABLE leads ADD COLUMN marketing_confirmed_at timestamptz;
ALTER TABLE leads ADD COLUMN marketing_confirmed_via text
  CHECK (marketing_confirmed_via IN ('link'));
ALTER TABLE leads ADD CONSTRAINT leads_marketing_confirmed_check
  CHECK ((marketing_confirmed_at IS NULL) = (marketing_confirmed_via IS NULL));
