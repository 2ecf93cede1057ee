import DocumentJSON

/// The dog.ceo answers written once when the stand-in starts, so that a request only copies
/// bytes: every image list (each breed and sub-breed, plain and `alt`) as JSON text with gaps
/// for the request's base URL, and every file's URL path as JSON text for the random routes.
struct DogCeoAnswers: Sendable {
    /// One file of a folder: indices into `DogBreeds.folders` and the folder's `files`.
    struct File: Sendable, Equatable {
        let folder: Int
        let file: Int
    }

    /// JSON text with the request's base URL (already escaped for JSON) at fixed places:
    /// `chunks[0] base chunks[1] base … chunks[n]`.
    struct Template: Sendable {
        let chunks: [[UInt8]]
        let fixedCount: Int

        /// The text of `json` written with `DogCeoAnswers.placeholder` as the base, cut at it.
        init(_ json: [UInt8]) {
            var chunks: [[UInt8]] = []
            var current: [UInt8] = []
            let mark = DogCeoAnswers.placeholderText
            var index = 0
            while index < json.count {
                if json[index] == mark[0], index + mark.count <= json.count,
                    json[index..<(index + mark.count)].elementsEqual(mark)
                {
                    chunks.append(current)
                    current = []
                    index += mark.count
                } else {
                    current.append(json[index])
                    index += 1
                }
            }
            chunks.append(current)
            self.chunks = chunks
            fixedCount = chunks.reduce(0) { $0 + $1.count }
        }

        func render(base: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(fixedCount + base.count * (chunks.count - 1))
            for (index, chunk) in chunks.enumerated() {
                if index > 0 { out.append(contentsOf: base) }
                out.append(contentsOf: chunk)
            }
            return out
        }
    }

    /// The base URL the templates are written with: a control character, which JSON text
    /// writes as `\u0000` and which no breed or file name holds.
    static let placeholder = "\u{0}"
    static let placeholderText = Array(#"\u0000"#.utf8)

    /// `/dogceo/breeds/<folder>/<file>` of every file, as JSON string content, by folder and file.
    let paths: [[[UInt8]]]
    /// The files of each main breed (all its sub-breeds), in list order.
    let breedFiles: [String: [File]]
    /// The files of each folder (`hound-afghan`, `beagle`), in list order.
    let folderFiles: [[File]]
    /// `{"message":[urls],"status":"success"}` of each main breed and each folder, and the
    /// same with `{"url","altText"}` objects.
    let breedImages: [String: Template]
    let breedImagesAlt: [String: Template]
    let folderImages: [Template]
    let folderImagesAlt: [Template]

    init(_ breeds: DogBreeds) {
        paths = breeds.folders.map { folder in
            folder.files.map { Self.escaped(DogCeoStandIn.url("", folder.name, $0)) }
        }
        let folderFiles = breeds.folders.indices.map { folder in
            breeds.folders[folder].files.indices.map { File(folder: folder, file: $0) }
        }
        self.folderFiles = folderFiles
        var breedFiles: [String: [File]] = [:]
        for breed in breeds.mains {
            breedFiles[breed] = breeds.folders(ofBreed: breed).flatMap { folder in
                breeds.folderIndex[folder.name].map { folderFiles[$0] } ?? []
            }
        }
        self.breedFiles = breedFiles
        @Sendable func templates(_ files: [File], alt: Bool) -> Template {
            let urls = files.map { file -> String in
                let folder = breeds.folders[file.folder]
                return DogCeoStandIn.url(Self.placeholder, folder.name, folder.files[file.file])
            }
            return Template(
                DogCeoStandIn.successBody(
                    .array(urls.map { alt ? DogCeoStandIn.altObject($0) : .string($0) })))
        }
        breedImages = breedFiles.mapValues { templates($0, alt: false) }
        breedImagesAlt = breedFiles.mapValues { templates($0, alt: true) }
        folderImages = folderFiles.map { templates($0, alt: false) }
        folderImagesAlt = folderFiles.map { templates($0, alt: true) }
    }

    /// `text` as the content of a JSON string (without the quotes), as `OrderedJSON` writes it.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONValue.writeString(text, to: &out)
        return Array(out.dropFirst().dropLast())
    }

    /// `{"message":"<url>","status":"success"}`, or with an array of URLs.
    func message(_ files: [File], base: [UInt8], array: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(40 + files.count * (base.count + 60))
        out.append(contentsOf: #"{"message":"#.utf8)
        if array { out.append(UInt8(ascii: "[")) }
        for (index, file) in files.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: base)
            out.append(contentsOf: paths[file.folder][file.file])
            out.append(UInt8(ascii: "\""))
        }
        if array { out.append(UInt8(ascii: "]")) }
        out.append(contentsOf: #","status":"success"}"#.utf8)
        return out
    }
}

/// A small, fast generator for the random routes, seeded from the system's generator once
/// per request (SplitMix64): a pick costs no system call.
struct DogRandom: RandomNumberGenerator {
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
