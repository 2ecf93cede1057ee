-- PUT /rest/<collection>/<id> with {"rating":N}, rotating over the seeded ids.
dofile(os.getenv("BENCH_API_DIR") .. "/common.lua")

function init(args) load_common(args) end

function request()
    local id = next_id()
    return wrk.format("PUT", wrk.path .. "/" .. id, nil, string.format('{"rating":%d}', counter % 5 + 1))
end
