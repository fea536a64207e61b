-- bodies.lua plus a count of responses other than 200 and 422, printed at the end
-- ("unexpected: N"): the reload-under-load check.
dofile((os.getenv("PEERS") or "peers") .. "/bodies.lua")
local counters = {}
local base_setup = setup
function setup(thread)
  base_setup(thread)
  table.insert(counters, thread)
end
unexpected = 0
function response(status, headers, body)
  if status ~= 200 and status ~= 422 then unexpected = unexpected + 1 end
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(counters) do total = total + (thread:get("unexpected") or 0) end
  io.write(string.format("unexpected: %d\n", total))
end
