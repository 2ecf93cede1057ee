import RestLiteTesting
import Testing

@testable import Pictures

/// Baseline JPEGs whose components come in separate scans. Pillow cannot write them, so a
/// small Python writer here does (flat quantisation, every Huffman code eight bits long), and
/// the result is compared with Pillow's decoding of the same bytes.
@Suite(.offPool) struct SeparateScanJPEGTests {
    static let writer = #"""
        # A baseline JPEG whose components come in the scans `scans` (lists of component indexes),
        # sampling `factors` ((h, v) each), restart interval `restart` (0: none), flat quantisation.
        import math
        def write_separate_scans(im, path, scans, factors, restart):
            w, h = im.size
            ycc = im.convert('YCbCr')
            hmax = max(f[0] for f in factors); vmax = max(f[1] for f in factors)
            mx = -(-w // (8 * hmax)); my = -(-h // (8 * vmax))
            cos = [[math.cos((2 * x + 1) * u * math.pi / 16) * (math.sqrt(0.5) if u == 0 else 1) for u in range(8)] for x in range(8)]
            zz = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63]
            q = 3
            blocks = []  # per component: dict (bx, by) -> zig-zag coefficients
            for c, (fh, fv) in enumerate(factors):
                band = ycc.getchannel(c)
                cw, ch = -(-w * fh // hmax), -(-h * fv // vmax)
                small = band.resize((cw, ch), resample=3) if (cw, ch) != (w, h) else band
                data = small.tobytes()
                comp = {}
                for by in range(my * fv):
                    for bx in range(mx * fh):
                        f = [[data[min(by * 8 + y, ch - 1) * cw + min(bx * 8 + x, cw - 1)] - 128 for x in range(8)] for y in range(8)]
                        coef = [0] * 64
                        for v in range(8):
                            for u in range(8):
                                s = sum(f[y][x] * cos[x][u] * cos[y][v] for y in range(8) for x in range(8)) / 4
                                coef[v * 8 + u] = int(round(s / q))
                        comp[(bx, by)] = [coef[zz[k]] for k in range(64)]
                blocks.append(comp)
            def cat(v):
                return 0 if v == 0 else abs(v).bit_length()
            def bits_of(v):
                n = cat(v)
                return (v if v > 0 else v + (1 << n) - 1, n)
            def units(ci):  # the blocks of a scan, in order, as (component, block)
                if len(ci) == 1:
                    c = ci[0]; fh, fv = factors[c]
                    cw, ch = -(-w * fh // hmax), -(-h * fv // vmax)
                    return [[(c, (bx, by))] for by in range(-(-ch // 8)) for bx in range(-(-cw // 8))]
                return [[(c, (mxi * factors[c][0] + x, myi * factors[c][1] + y)) for c in ci for y in range(factors[c][1]) for x in range(factors[c][0])] for myi in range(my) for mxi in range(mx)]
            def symbols(ci):  # per unit: list of (table kind, symbol, extra bits)
                out = []
                pred = {c: 0 for c in ci}
                for n, unit in enumerate(units(ci)):
                    if restart and n and n % restart == 0:
                        out.append('RST'); pred = {c: 0 for c in ci}
                    for c, b in unit:
                        z = blocks[c][b]
                        d = z[0] - pred[c]; pred[c] = z[0]
                        out.append((c, 0, cat(d), bits_of(d)))
                        run = 0
                        last = max([k for k in range(1, 64) if z[k]] or [0])
                        for k in range(1, last + 1):
                            if z[k] == 0:
                                run += 1; continue
                            while run > 15:
                                out.append((c, 1, 0xF0, (0, 0))); run -= 16
                            out.append((c, 1, run << 4 | cat(z[k]), bits_of(z[k]))); run = 0
                        if last < 63:
                            out.append((c, 1, 0, (0, 0)))
                return out
            seg = lambda m, body: bytes([0xFF, m]) + (len(body) + 2).to_bytes(2, 'big') + body
            out = b'\xff\xd8' + seg(0xDB, bytes([0]) + bytes([q] * 64))
            out += seg(0xC0, bytes([8]) + h.to_bytes(2, 'big') + w.to_bytes(2, 'big') + bytes([len(factors)]) + b''.join(bytes([c + 1, f[0] << 4 | f[1], 0]) for c, f in enumerate(factors)))
            if restart:
                out += seg(0xDD, restart.to_bytes(2, 'big'))
            for ci in scans:
                syms = symbols(ci)
                tables = {}
                for s in syms:
                    if s != 'RST':
                        tables.setdefault(s[1], set()).add(s[2])
                codes = {}
                for kind, used in tables.items():  # every symbol 8 bits long: its index is its code
                    order = sorted(used)
                    codes[kind] = {sym: i for i, sym in enumerate(order)}
                    counts = [0] * 16; counts[7] = len(order)
                    out += seg(0xC4, bytes([kind << 4]) + bytes(counts) + bytes(order))
                out += seg(0xDA, bytes([len(ci)]) + b''.join(bytes([c + 1, 0]) for c in ci) + bytes([0, 63, 0]))
                acc, nbits, data, rst = 0, 0, bytearray(), 0
                def put(v, n):
                    nonlocal acc, nbits
                    acc = acc << n | v; nbits += n
                    while nbits >= 8:
                        byte = acc >> (nbits - 8) & 255; nbits -= 8
                        data.append(byte)
                        if byte == 255: data.append(0)
                def flush():
                    nonlocal nbits
                    if nbits: put((1 << (8 - nbits)) - 1, 8 - nbits)
                for s in syms:
                    if s == 'RST':
                        flush(); data.extend(bytes([0xFF, 0xD0 + rst % 8])); rst += 1; continue
                    c, kind, sym, (v, n) = s
                    put(codes[kind][sym], 8)
                    if n: put(v, n)
                flush()
                out += bytes(data)
            open(path, 'wb').write(out + b'\xff\xd9')
        """#

    @Test(
        .needsPillow,
        arguments: [
            "[[0], [1], [2]], [(2, 2), (1, 1), (1, 1)], 0",
            "[[0], [1], [2]], [(2, 2), (1, 1), (1, 1)], 3",
            "[[0], [1, 2]], [(2, 1), (1, 1), (1, 1)], 2",
            "[[2], [0], [1]], [(1, 1), (1, 1), (1, 1)], 0",
            "[[0, 1], [2]], [(1, 2), (1, 1), (1, 1)], 1",
        ])
    func separateScansDecodeCloseToPillow(_ layout: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(Self.writer + "\nwrite_separate_scans(im, path, \(layout))")
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded.width == pillow.width && decoded.height == pillow.height)
        let difference = DecoderTests.meanDifference(decoded.pixels, pillow.rgb)
        #expect(difference < 4, "\(layout): \(difference)")
    }
}
