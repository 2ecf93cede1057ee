-- Shared by the bench/api wrk scripts: the API key, the seeded ids (rotated per thread, each
-- thread starting at a different place) and a machine-readable result line for run.sh.
-- Scripts are run as: wrk ... -s <script> <url> -- <key> <ids file>
local thread_count = 0

function setup(thread)
    thread:set("thread_index", thread_count)
    thread_count = thread_count + 1
end

function load_common(args)
    key = args[1]
    ids = {}
    if args[2] then
        for line in io.lines(args[2]) do
            if #line > 0 then ids[#ids + 1] = line end
        end
    end
    counter = (thread_index or 0) * 997
    wrk.headers["x-apikey"] = key
    wrk.headers["Content-Type"] = "application/json"
end

function next_id()
    counter = counter + 1
    return ids[(counter % #ids) + 1]
end

function done(summary, latency, requests)
    local seconds = summary.duration / 1e6
    local failed = summary.errors.status + summary.errors.connect + summary.errors.read
        + summary.errors.write + summary.errors.timeout
    io.write(string.format("RESULT rps=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f requests=%d failed=%d\n",
        summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
        latency:percentile(99) / 1000, summary.requests, failed))
end
