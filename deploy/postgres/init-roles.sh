#!/bin/sh
# The database administrator's one-time step (docker-compose.yml runs it on the Postgres image's
# first start; docs/deployment.md, "Roles"): the three roles and the three databases of the
# production topology. The service's schema belongs to risk_owner (migrations); api, worker and
# the ops CLI connect as risk_service, which the migrations grant what it may do (no superuser,
# owns nothing, only SELECT and INSERT on audit events); Temporal's two databases belong to
# temporal. `npm start -- --topology production` creates the same (scripts/stack/).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$RISK_OWNER_PASSWORD" -v service_password="$RISK_SERVICE_PASSWORD" -v temporal_password="$TEMPORAL_DB_PASSWORD" <<'SQL'
CREATE ROLE risk_owner WITH LOGIN NOSUPERUSER CREATEDB NOCREATEROLE PASSWORD :'owner_password';
CREATE ROLE risk_service WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'service_password';
CREATE ROLE temporal WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'temporal_password';
CREATE DATABASE entity_risk OWNER risk_owner;
CREATE DATABASE temporal OWNER temporal;
CREATE DATABASE temporal_visibility OWNER temporal;
SQL
