-- GET /rest/<collection>/<id>, rotating over the seeded ids.
dofile(os.getenv("BENCH_API_DIR") .. "/common.lua")

function init(args) load_common(args) end

function request()
    return wrk.format("GET", wrk.path .. "/" .. next_id())
end
