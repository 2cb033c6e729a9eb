-- Runs once, on an empty data volume, as the superuser (mounted into /docker-entrypoint-initdb.d; psql runs it
-- in the database POSTGRES_DB). Makes the role Podium connects as: it owns that database and its public schema,
-- so its migrations can create tables, triggers and the trusted extensions they name, and nothing more.
\set ON_ERROR_STOP on
\getenv podium_role PODIUM_DB_USER
\getenv podium_password PODIUM_DB_PASSWORD
CREATE ROLE :"podium_role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'podium_password';
ALTER DATABASE :"DBNAME" OWNER TO :"podium_role";
ALTER SCHEMA public OWNER TO :"podium_role";
