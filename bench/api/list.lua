-- GET /rest/<collection>?max=100 (the URL carries the query): one page of 100 documents.
dofile(os.getenv("BENCH_API_DIR") .. "/common.lua")

function init(args) load_common(args) end
