import Pictures

/// PlaceKitten's URLs: `/{width}/{height}` for a colour JPEG of a cat, `/g/{width}/{height}`
/// for a grey one; `/{width}` alone is square; `?image=N` picks another fixed cat.
extension PictureSpec {
    static func placeKitten(width: String, height: String?, grey: Bool, image: String?) throws -> PictureSpec
    {
        let width = try side(Substring(width), name: "width")
        let height = try height.map { try side(Substring($0), name: "height") } ?? width
        var pick: UInt64 = 0
        if let image {
            guard let number = UInt64(image), number <= 1000 else {
                throw PictureRequestError(message: "image must be a whole number up to 1000, not '\(image)'")
            }
            pick = number
        }
        // The cat and its pose follow the size (and `image`), so a URL always shows the same cat.
        let seed = UInt64(width) << 32 | UInt64(height) << 12 | pick
        let look = CatAppearance.variety(seed)
        let key = "kitten/\(grey ? "g" : "c")/\(width)/\(height)/\(pick)"
        return PictureSpec(key: key, format: .jpeg, width: width, height: height) {
            CatPicture.draw(look, variant: seed &* 31 &+ 7, width: width, height: height, greyscale: grey)
        }
    }
}
