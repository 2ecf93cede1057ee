-- POST /rest/<collection>: one new cat per request that has the automatically indexed field
-- (ownerName, a different value each time), so every insert adds a real entry to the index.
-- bench/api/post.lua's cats have no ownerName (their index entry is NULL).
dofile(os.getenv("BENCH_API_DIR") .. "/common.lua")

function init(args) load_common(args) end

function request()
    counter = counter + 1
    local body = string.format(
        '{"name":"Bench %d","ownerName":"Owner %d","color":"tabby","weightKg":4.2,"lives":9,"rating":%d,"owner":{"name":"Ann","city":"Oslo"}}',
        counter, (counter * 7919) % 100003, counter % 5 + 1)
    return wrk.format("POST", wrk.path, nil, body)
end
