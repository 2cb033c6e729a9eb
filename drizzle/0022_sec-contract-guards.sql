-- Issue 27. `document_sha256` becomes the SHA-256 of the text as sent (title, blank line, body), which
-- completion checks before sealing; open contracts get it from their stored text. Closed ones keep the hash
-- of their sent PDF, which their certificates print.
UPDATE "contracts" SET "document_sha256" = encode(sha256(convert_to("title" || E'\n\n' || "body", 'UTF8')), 'hex')
  WHERE "status" IN ('sent', 'viewed', 'signed');
--> statement-breakpoint
-- A sent contract's text, signer and recorded hash never change, it never becomes a draft again, and it is
-- deleted only with its account. The app locks the row and writes `WHERE status = 'draft'`; this is the last word.
CREATE FUNCTION contracts_frozen_once_sent() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NEW.status = 'draft' OR (NEW.title, NEW.body, NEW.signer_name, NEW.signer_email, NEW.document_sha256)
      IS DISTINCT FROM (OLD.title, OLD.body, OLD.signer_name, OLD.signer_email, OLD.document_sha256) THEN
    RAISE EXCEPTION 'the text of a sent contract cannot change';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER contracts_frozen_once_sent BEFORE UPDATE OR DELETE ON "contracts"
  FOR EACH ROW EXECUTE FUNCTION contracts_frozen_once_sent();
--> statement-breakpoint
-- An audit row goes with its account, or with its contract (a draft: sent ones stay, above); never alone.
CREATE FUNCTION contract_audit_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
      AND EXISTS (SELECT 1 FROM contracts WHERE id = OLD.contract_id) THEN
    RAISE EXCEPTION 'contract_audit is append-only: its rows go only with their account';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER contract_audit_no_delete BEFORE DELETE ON "contract_audit"
  FOR EACH ROW EXECUTE FUNCTION contract_audit_kept();
--> statement-breakpoint
-- The admin log outlives the accounts it names: the only change allowed is a deleted account's id becoming
-- null (ON DELETE SET NULL); no row is ever deleted.
CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
      AND to_jsonb(NEW) - 'actor_id' - 'target_user_id' = to_jsonb(OLD) - 'actor_id' - 'target_user_id'
      AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
        OR (NEW.actor_id IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.actor_id)))
      AND (NEW.target_user_id IS NOT DISTINCT FROM OLD.target_user_id
        OR (NEW.target_user_id IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.target_user_id))) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
