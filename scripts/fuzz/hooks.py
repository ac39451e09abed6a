"""Schemathesis hooks of the fuzzing stage (docs/testing.md, "Fuzzing"); loaded through SCHEMATHESIS_HOOKS.

1. No request leaves the machine: every webhook URL the fuzzer would register (a body's `url` that
   the API accepts, by the pattern of its reference) is rewritten to the loopback receiver that
   scripts/stack/fuzz-stage.ts runs, so deliveries reach it and the SSRF guard is never what is
   tested. A URL the API refuses stays as generated: it tests the refusal and is never stored.
2. A schema-valid request may still be refused by a business rule that JSON Schema cannot state
   (a check digit, an opaque cursor, a range, a resource's state); each such rule answers 422 with
   its own `type`, documented on the route. Only those 422s are forgiven to the
   positive-data check; any other refusal of a schema-valid request fails the run.
"""

import atexit
import collections
import json
import os
import re

import schemathesis

RECEIVER_URL = os.environ["FUZZ_WEBHOOK_URL"]
ACCEPTED_URL = re.compile(os.environ["FUZZ_WEBHOOK_URL_PATTERN"])
URL_LENGTH = (int(os.environ["FUZZ_WEBHOOK_URL_MIN"]), int(os.environ["FUZZ_WEBHOOK_URL_MAX"]))

# The business rules a schema-valid request can break, by the 422 `type` that names each.
BUSINESS_RULES = {
    "document_invalid",  # CPF / CNPJ check digits
    "cursor_invalid",  # a cursor is opaque: only a next_cursor the list gave is one
    "range_invalid",  # created_to / started_to must come after created_from / started_from
    "since_in_future",  # recover: `since` must not be in the future
    "search_too_short",  # entity search: 2 letters or digits once accents and punctuation are folded
    "webhook_endpoint_not_found",  # a body names an endpoint the company does not have
    "analysis_not_completed",  # a report needs a completed analysis
    "report_window_closed",  # ... within 24 hours of its completion
    "report_not_fileable",  # a bcb_dossie is kept, not filed
    "filed_before_finalized",  # filed_at before the report was finalized
    "section_deterministic",  # only narrative sections are edited or regenerated
    "format_not_available",  # xml only for a coaf_cos report
    "idempotency_key_reused",  # the same key with another body
    "limit_exceeded",  # the company already has its plan's most webhook endpoints
    "assignee_unknown",  # a case is assigned to a person or key of the company only
    "not_latin1",  # coaf_cos text goes into the ISO-8859-1 Siscoaf batch
    "occurrence_not_applicable",  # occurrence data belongs to a coaf_cos only
    "occurrence_missing",  # finalize of a coaf_cos without its occurrence data
    "occurrence_invalid",  # ... or with a period backwards
    "code_unverified",  # ... or before the institution's code tables confirm its codes
    "text_not_storable",  # U+0000 or a lone surrogate, refused on every string (docs/api-conventions.md)
}
# The Siscoaf layout a coaf_cos must satisfy to be finalized; a batch file's content (its header,
# encoding, lines and size: the reference states a body that is a file, not its CSV or NDJSON grammar).
BUSINESS_RULE_PREFIXES = ("siscoaf_", "batch_")

# A batch file may be NDJSON (docs/batches.md); Schemathesis sends other text types as text but has
# no serializer for application/x-ndjson, so the body (a string in the reference) goes as UTF-8;
# a lone surrogate stays as its bytes, which the API refuses as not UTF-8 (batch_not_utf8).
@schemathesis.serializer("application/x-ndjson")
def ndjson_body(_ctx, value):
    if isinstance(value, bytes):
        return value
    return (value if isinstance(value, str) else json.dumps(value)).encode("utf-8", "surrogatepass")


# How often each rule was forgiven, by operation: written beside the report for the stage's summary.
FORGIVEN = collections.Counter()
if os.environ.get("FUZZ_FORGIVEN_FILE"):
    atexit.register(lambda: open(os.environ["FUZZ_FORGIVEN_FILE"], "w").write(json.dumps(dict(FORGIVEN.most_common()))))


def _accepted_url(value):
    return isinstance(value, str) and URL_LENGTH[0] <= len(value) <= URL_LENGTH[1] and ACCEPTED_URL.fullmatch(value) is not None


@schemathesis.hook
def before_call(context, case, kwargs):
    body = case.body
    if isinstance(body, dict) and _accepted_url(body.get("url")):
        body["url"] = RECEIVER_URL


def _is_business_rule(issue):
    kind = issue.get("type") if isinstance(issue, dict) else None
    return isinstance(kind, str) and (kind in BUSINESS_RULES or kind.startswith(BUSINESS_RULE_PREFIXES))


# The OpenID Connect callback ends a sign-in this browser started (its state cookie): a fuzzer never
# started one, so a schema-valid callback is refused 400 as "expired or started in another browser"
# (docs/sign-in.md). Forgiven for that operation only.
SIGN_IN_CALLBACK = "GET /auth/callback"

# DELETE /monitors/{uuid} stops a monitor and keeps it for history (docs/monitoring.md): reading it,
# or its alerts, afterwards is the contract, not a use after free. Forgiven for those reads only.
KEPT_AFTER_DELETE = ("/monitors/{uuid}",)


def _has_null_path_parameter(case):
    """Whether a stateful link put a JSON null into the path (sent as the text `None`).

    Schemathesis 4 follows an inferred link over a list (`#/data/*/report_uuid`) by picking one of
    the values found, nulls included: a case listed without its COS draft links `/reports/None/...`.
    That request is not schema-valid (the path wants a UUID) and its 422 is the contract.
    """
    return any(value is None for value in (case.path_parameters or {}).values())


@schemathesis.hook
def filter_failure(context, failure, case, response):
    if failure.code == "ST301" and context.operation.path.startswith(KEPT_AFTER_DELETE):
        FORGIVEN[f"{context.operation.label} kept_after_stop"] += 1
        return False
    if failure.code == "ST202" and response.status_code == 400 and context.operation.label == SIGN_IN_CALLBACK:
        FORGIVEN[f"{SIGN_IN_CALLBACK} no_sign_in_in_flight"] += 1
        return False
    if failure.code != "ST202" or response.status_code != 422:
        return True
    if _has_null_path_parameter(case):
        FORGIVEN[f"{context.operation.label} null_from_link"] += 1
        return False
    try:
        issues = response.json().get("detail")
    except (ValueError, AttributeError):
        return True
    if isinstance(issues, list) and issues and all(_is_business_rule(issue) for issue in issues):
        for issue in issues:
            FORGIVEN[f"{context.operation.label} {issue['type']}"] += 1
        return False
    return True
