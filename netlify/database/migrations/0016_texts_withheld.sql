-- Why a stored lead got no text: 'phone-limit' when its number had already registered
-- on the site as often as a day allows. The lead is kept and forwarded as usual; the
-- staff see the reason, and the number's owner is not texted once more.
ALTER TABLE leads ADD COLUMN texts_withheld text CHECK (texts_withheld IN ('phone-limit'));
