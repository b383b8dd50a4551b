# Checks the service's own health endpoint every minute from two regions. A monitor starts inactive;
# set active = true to schedule its checks.
resource "service_http_monitor" "health" {
  name              = "Service health"
  description       = "GET /health of the service on this machine answers 200 with status ok."
  url               = "http://127.0.0.1:3000/health"
  periodicity       = "1m"
  method            = "GET"
  timeout           = 10000
  retry             = 2
  alert_quorum      = 1 # page when either region fails; 0 (default) waits for a majority
  failure_threshold = 2 # and only after two failed checks in a row; 1 (default) alerts on the first
  degraded_at       = 2000
  follow_redirects  = false
  regions           = ["fly-ams", "fly-iad"]
  tags              = ["self", "team:platform"] # the dashboard's overview filters by tag
  active            = false
  public            = false

  headers {
    key   = "Accept"
    value = "application/json"
  }

  status_code_assertions {
    target     = 200
    comparator = "eq"
  }

  body_assertions {
    target     = "\"status\":\"ok\""
    comparator = "contains"
  }

  header_assertions {
    key        = "content-type"
    target     = "application/json"
    comparator = "contains"
  }

  # The JSON answer's status field, by RFC 9535 JSONPath.
  json_assertions {
    path       = "$.status"
    comparator = "eq"
    target     = "ok"
  }

  # A first byte later than 500 ms makes the check degraded, not failed.
  timing_assertions {
    phase      = "ttfb"
    comparator = "lt"
    target     = 500
    severity   = "degraded"
  }
}
