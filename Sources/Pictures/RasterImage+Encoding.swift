extension RasterImage {
    /// The picture as a complete file in `format`. `quality` (1...100) matters for JPEG only.
    /// A picture whose pixels are all grey becomes a one-channel JPEG or PNG.
    public func encoded(as format: ImageFormat, quality: Int = 85) -> [UInt8] {
        switch format {
        case .jpeg: JPEGEncoder.encode(self, quality: quality)
        case .png: PNGEncoder.encode(self)
        case .gif: GIFEncoder.encode(self)
        case .bmp: BMPEncoder.encode(self)
        }
    }
}
