-- wrk script for GET /range/{prefix} (Benchmarks/breach-range.sh): a random 5-hex-digit prefix
-- per request, with Add-Padding: true as form-rules' client sends it.
local hex = "0123456789ABCDEF"
math.randomseed(os.time())

request = function()
  local prefix = {}
  for i = 1, 5 do
    local n = math.random(1, 16)
    prefix[i] = hex:sub(n, n)
  end
  return wrk.format("GET", "/range/" .. table.concat(prefix), { ["Add-Padding"] = "true" })
end

done = function(summary, latency, requests)
  io.write(string.format("non-2xx or errors: %d\n", summary.errors.status + summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
