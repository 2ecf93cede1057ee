extension String {
    /// `String(validating: bytes, as: UTF8.self)`: nil unless `bytes` are valid UTF-8. That
    /// initializer needs macOS 15 / iOS 18; before those, `init(roundTripping:)` decides. On
    /// Linux the first branch is always taken.
    package init?(validUTF8 bytes: some Collection<UInt8>) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
        } else {
            self.init(roundTripping: bytes)
        }
    }

    /// Decoding replaces invalid bytes with U+FFFD, so the bytes are valid UTF-8 exactly when
    /// they survive the round trip.
    init?(roundTripping bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
