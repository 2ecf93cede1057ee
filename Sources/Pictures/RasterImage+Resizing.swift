extension RasterImage {
    /// The picture shrunk so its longer side is `longestSide` pixels, keeping its aspect ratio
    /// (each side at least 1); a picture already that small is returned as it is. Each new pixel
    /// is the average of the source pixels it covers (a box filter), which keeps thin lines and
    /// avoids the shimmer of nearest-neighbour sampling.
    public func resized(toFit longestSide: Int) -> RasterImage {
        let longest = max(width, height)
        guard longestSide > 0, longest > longestSide else { return self }
        let newWidth = max(1, (width * longestSide + longest / 2) / longest)
        let newHeight = max(1, (height * longestSide + longest / 2) / longest)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            let top = y * height / newHeight
            let bottom = max(top + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let left = x * width / newWidth
                let right = max(left + 1, (x + 1) * width / newWidth)
                var sums = (0, 0, 0)
                for sourceY in top..<bottom {
                    var index = (sourceY * width + left) * 3
                    for _ in left..<right {
                        sums.0 += Int(pixels[index])
                        sums.1 += Int(pixels[index + 1])
                        sums.2 += Int(pixels[index + 2])
                        index += 3
                    }
                }
                let count = (bottom - top) * (right - left)
                let target = (y * newWidth + x) * 3
                out[target] = UInt8((sums.0 + count / 2) / count)
                out[target + 1] = UInt8((sums.1 + count / 2) / count)
                out[target + 2] = UInt8((sums.2 + count / 2) / count)
            }
        }
        return RasterImage(width: newWidth, height: newHeight, pixels: out)
    }
}

extension RasterImage {
    /// The picture as shown for EXIF orientation `orientation` (1 to 8, TIFF 6.0): 2 mirrors it,
    /// 3 turns it half round, 4 flips it, 5 transposes it, 6 turns it a quarter clockwise, 7
    /// transverses it, 8 turns it a quarter anticlockwise. Anything else leaves it as it is.
    public func oriented(exif orientation: Int) -> RasterImage {
        guard (2...8).contains(orientation) else { return self }
        let turned = orientation >= 5
        let outWidth = turned ? height : width
        let outHeight = turned ? width : height
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // Where the shown pixel (x, y) lies in the stored picture.
                let (sourceX, sourceY): (Int, Int)
                switch orientation {
                case 2: (sourceX, sourceY) = (width - 1 - x, y)
                case 3: (sourceX, sourceY) = (width - 1 - x, height - 1 - y)
                case 4: (sourceX, sourceY) = (x, height - 1 - y)
                case 5: (sourceX, sourceY) = (y, x)
                case 6: (sourceX, sourceY) = (y, height - 1 - x)
                case 7: (sourceX, sourceY) = (width - 1 - y, height - 1 - x)
                default: (sourceX, sourceY) = (width - 1 - y, x)
                }
                let from = (sourceY * width + sourceX) * 3
                let to = (y * outWidth + x) * 3
                out[to] = pixels[from]
                out[to + 1] = pixels[from + 1]
                out[to + 2] = pixels[from + 2]
            }
        }
        return RasterImage(width: outWidth, height: outHeight, pixels: out)
    }
}
