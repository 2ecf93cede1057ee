-- POST /rest/<collection>: one new cat per request (name varies, so bodies are not identical).
dofile(os.getenv("BENCH_API_DIR") .. "/common.lua")

function init(args) load_common(args) end

function request()
    counter = counter + 1
    local body = string.format(
        '{"name":"Bench %d","color":"tabby","weightKg":4.2,"lives":9,"rating":%d,"owner":{"name":"Ann","city":"Oslo"}}',
        counter, counter % 5 + 1)
    return wrk.format("POST", wrk.path, nil, body)
end
