-- Issue 41 item 7. The SHA-256 of the PDF as sent (the file the signer downloads), beside `document_sha256` (the
-- text's): anyone holding the file checks it with `sha256sum`. Contracts sent before this keep it null.
ALTER TABLE "contracts" ADD COLUMN "pdf_sha256" text;
--> statement-breakpoint
-- Frozen once sent, like the text and its hash (0022).
CREATE OR REPLACE FUNCTION contracts_frozen_once_sent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
      RAISE EXCEPTION 'a sent contract is deleted only with its account';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.status = 'draft'
      OR (NEW.title, NEW.body, NEW.signer_name, NEW.signer_email, NEW.document_sha256, NEW.pdf_sha256)
      IS DISTINCT FROM (OLD.title, OLD.body, OLD.signer_name, OLD.signer_email, OLD.document_sha256, OLD.pdf_sha256) THEN
    RAISE EXCEPTION 'the text of a sent contract cannot change';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Issue 41 item 3. Several notes of one write share their instant (a deposit paid, the booking confirmed, the
-- status changed); the activity lists them in the order they were written.
ALTER TABLE "event_activity" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
