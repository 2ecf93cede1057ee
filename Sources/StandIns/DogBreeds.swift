import Pictures

/// The dog-breed API's breeds: every main breed and sub-breed of the hosted service (names are
/// facts), each picture folder with the look restlite draws its dogs with, and the files of
/// each folder. Built once per process.
struct DogBreeds: Sendable {
    /// One picture folder: a main breed without sub-breeds (`beagle`) or one sub-breed
    /// (`hound-afghan`), as the hosted image host names them.
    struct Folder: Sendable {
        let name: String
        let breed: String
        let sub: String?
        let look: DogAppearance
        /// File names (`<folder>_<number>.jpg`), at least five.
        let files: [String]
    }

    /// Main breeds in alphabetical order.
    let mains: [String]
    /// Sub-breeds of each main breed in alphabetical order (`[]` when it has none).
    let subs: [String: [String]]
    /// Every folder, in the order of `mains` then their subs.
    let folders: [Folder]
    let folderIndex: [String: Int]

    static let shared = DogBreeds()

    init() {
        var folders: [Folder] = []
        for line in Self.table.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 10 else { preconditionFailure("dog breed row: \(line)") }
            let name = fields[0]
            let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
            let look = DogAppearance(
                size: DogAppearance.Size(rawValue: fields[1])!,
                ears: DogAppearance.Ears(rawValue: fields[2])!,
                snout: DogAppearance.Snout(rawValue: fields[3])!,
                coat: DogAppearance.Coat(rawValue: fields[4])!,
                legs: DogAppearance.Legs(rawValue: fields[5])!,
                tail: DogAppearance.Tail(rawValue: fields[6])!,
                pattern: DogAppearance.Pattern(rawValue: fields[7])!, main: RGB(hex: fields[8])!,
                accent: RGB(hex: fields[9])!)
            folders.append(
                Folder(
                    name: name, breed: parts[0], sub: parts.count > 1 ? parts[1] : nil, look: look,
                    files: Self.fileNames(of: name)))
        }
        folders.sort { $0.name < $1.name }
        self.folders = folders
        folderIndex = Dictionary(uniqueKeysWithValues: folders.enumerated().map { ($1.name, $0) })
        var subs: [String: [String]] = [:]
        for folder in folders {
            subs[folder.breed, default: []] += folder.sub.map { [$0] } ?? []
        }
        self.subs = subs.mapValues { $0.sorted() }
        mains = subs.keys.sorted()
    }

    /// Five to ten file names, fixed by the folder's name.
    static func fileNames(of folder: String) -> [String] {
        let hash = TheCatAPIStandIn.fnv1a(folder)
        let count = 5 + Int(hash % 6)
        let start = 1000 + Int((hash >> 8) % 400)
        return (0..<count).map { "\(folder)_\(start + $0 * 613 + Int((hash >> (16 + $0 * 3)) & 7)).jpg" }
    }

    /// Folders of a main breed: its own, or one per sub-breed.
    func folders(ofBreed breed: String) -> [Folder] {
        if let own = folderIndex[breed] { return [folders[own]] }
        return (subs[breed] ?? []).compactMap { folderIndex[breed + "-" + $0].map { folders[$0] } }
    }

    /// Breed and sub-breed names (facts) with the look of their dogs:
    /// `folder size ears snout coat legs tail pattern main accent`.
    static let table = """
        affenpinscher small erect short wiry normal up solid 2a2624 4a4240
        african medium erect medium smooth normal down patches c68a4a 1e1b1a
        airedale large folded long wiry normal up saddle c68a4a 1e1b1a
        akita large erect medium fluffy normal curled blaze c97a3e f2efe8
        appenzeller medium folded medium smooth normal curled tricolour 1e1b1a f2efe8
        australian-kelpie medium erect medium smooth normal down points 1e1b1a c68a4a
        australian-shepherd medium folded medium long normal stub tricolour 6e7884 f2efe8
        bakharwal-indian large drop medium long normal curled blaze 1e1b1a f2efe8
        basenji small erect medium smooth normal curled blaze b5642c f2efe8
        beagle small drop medium smooth normal up tricolour c68a4a f2efe8
        bluetick large long long smooth normal up spots dde0e4 1e1b1a
        borzoi giant folded long long long down patches f2efe8 d9b27c
        bouvier large erect medium wiry normal stub solid 3a3836 5a5652
        boxer large folded short smooth normal stub blaze c68a4a f2efe8
        brabancon small folded flat smooth normal up mask b5642c 1e1b1a
        briard large folded medium long normal down solid d2a866 8a6a40
        buhund-norwegian medium erect medium fluffy normal curled solid e0be86 b08850
        bulldog-boston small erect flat smooth normal stub blaze 1e1b1a f2efe8
        bulldog-english medium folded flat smooth short stub patches f2efe8 b5642c
        bulldog-french small erect flat smooth normal stub solid d9b27c a07a4a
        bullterrier-staffordshire medium folded short smooth normal down brindle 7a4b2a 2a2420
        cattledog-australian medium erect medium smooth normal down spots 7a8694 1e1b1a
        cavapoo small drop medium curly normal down solid e8b67a c08a50
        chihuahua toy erect short smooth normal up solid d9b27c a07a4a
        chippiparai-indian medium folded long smooth long down solid c8c2b8 9a948a
        chow large erect flat fluffy normal curled solid b5642c 8a4a20
        clumber medium drop medium long short down patches f2efe8 e8b67a
        cockapoo small drop medium curly normal down solid c69060 9a6a40
        collie-border medium folded medium long normal down blaze 1e1b1a f2efe8
        coonhound large long long smooth normal up points 1e1b1a c68a4a
        corgi-cardigan small erect medium smooth short down blaze b5642c f2efe8
        cotondetulear small drop short long normal curled solid f4f1ea d8d0c0
        dachshund small long long smooth short down solid 8a4a22 5a2e14
        dalmatian large drop medium smooth normal down spots f4f1ea 1e1b1a
        dane-great giant folded long smooth long down mask d9b27c 1e1b1a
        danish-swedish small folded medium smooth normal down patches f2efe8 7a4b2a
        deerhound-scottish giant folded long wiry long down solid 8a8a8e 6a6a6e
        dhole medium erect medium smooth normal down solid b5642c 7a3a18
        dingo medium erect medium smooth normal down blaze d49a55 f2efe8
        doberman large erect long smooth long stub points 1e1b1a b5642c
        elkhound-norwegian medium erect medium fluffy normal curled saddle a8a8a4 3a3a3a
        entlebucher medium folded medium smooth short stub tricolour 1e1b1a f2efe8
        eskimo small erect short fluffy normal curled solid f4f1ea d8d2c4
        finnish-lapphund medium erect medium fluffy normal curled points 2a2420 c68a4a
        frise-bichon small drop short curly normal curled solid f6f3ec dcd4c4
        gaddi-indian large drop medium long normal curled blaze 1e1b1a f2efe8
        germanshepherd large erect long smooth normal down saddle c68a4a 1e1b1a
        greyhound-indian large folded long smooth long down solid c8b08a 9a8060
        greyhound-italian small folded long smooth long down solid 8a8a8e 6a6a6e
        groenendael large erect long long normal down solid 1e1b1a 3a3634
        havanese small drop short long normal curled solid e8d8c0 c0a888
        hound-afghan large long long long normal up mask d9b27c 5a4030
        hound-basset medium long long smooth short up tricolour c68a4a f2efe8
        hound-blood large long long smooth normal up saddle b5642c 3a2a20
        hound-english large drop long smooth normal up tricolour c68a4a f2efe8
        hound-ibizan large erect long smooth long down patches b5642c f2efe8
        hound-plott large drop long smooth normal up brindle 7a4b2a 2a2420
        hound-walker large drop long smooth normal up tricolour 1e1b1a f2efe8
        husky large erect medium fluffy normal curled blaze 6e7480 f2efe8
        keeshond medium erect short fluffy normal curled mask a8a8a4 3a3a3a
        kelpie medium erect medium smooth normal down solid 6b3a26 4a2616
        kombai large folded medium smooth normal down mask b5642c 1e1b1a
        komondor giant drop medium long normal down solid f2efe8 d8d0c0
        kuvasz giant drop medium long normal down solid f4f1ea d8d2c4
        labradoodle medium drop medium curly normal down solid e2c48e b8986a
        labrador large drop medium smooth normal down solid d9a441 b0802a
        leonberg giant drop medium long normal down mask c68a4a 2a2420
        lhasa small drop short long short curled solid d9b27c a88a5a
        malamute giant erect medium fluffy normal curled blaze 6e7480 f2efe8
        malinois large erect long smooth normal down mask c68a4a 1e1b1a
        maltese toy drop short long normal curled solid f6f3ec dcd4c4
        mastiff-bull giant folded short smooth normal down mask d2a866 1e1b1a
        mastiff-english giant drop short smooth normal down mask d9b27c 1e1b1a
        mastiff-indian giant drop medium smooth normal down solid d2a866 a88040
        mastiff-tibetan giant drop medium fluffy normal curled points 1e1b1a b5642c
        mexicanhairless medium erect long smooth long down solid 4a4a4e 2a2a2e
        mix medium folded medium smooth normal down blaze a0724a f2efe8
        mountain-bernese giant drop medium long normal down tricolour 1e1b1a f2efe8
        mountain-swiss giant drop medium smooth normal down tricolour 1e1b1a f2efe8
        mudhol-indian large folded long smooth long down solid d9c8a8 a89878
        newfoundland giant drop medium long normal down solid 1e1b1a 3a3634
        otterhound large long long wiry normal up saddle c9a77c 4a3a30
        ovcharka-caucasian giant drop medium fluffy normal curled mask c8b090 3a3430
        papillon toy erect medium long normal curled patches f2efe8 7a4b2a
        pariah-indian medium erect medium smooth normal curled solid c68a4a 9a6030
        pekinese toy drop flat long short curled solid d9a462 a87a40
        pembroke small erect medium smooth short stub blaze c8782e f2efe8
        pinscher-miniature toy erect medium smooth normal up points 1e1b1a b5642c
        pitbull medium folded short smooth normal down blaze 7a7e86 f2efe8
        pointer-german large drop long smooth normal stub patches f2efe8 6b3a26
        pointer-germanlonghair large drop long long normal down patches f2efe8 6b3a26
        pomeranian toy erect short fluffy normal curled solid e0903a b86a20
        poodle-medium medium drop medium curly normal up solid 2a2624 4a4440
        poodle-miniature small drop medium curly normal up solid e8b67a c0905a
        poodle-standard large drop long curly normal up solid f2efe8 d4ccbc
        poodle-toy toy drop medium curly normal up solid b5642c 8a4420
        pug small folded flat smooth normal curled mask d9b27c 1e1b1a
        puggle small drop short smooth normal up mask d2a266 2a2420
        pyrenees giant drop medium long normal down solid f4f1ea d8d2c4
        rajapalayam-indian large folded long smooth long down solid f2efe8 d8d0c4
        redbone large long long smooth normal up solid a0421e 7a2e12
        retriever-chesapeake large drop medium wiry normal down solid 7a5a3a 5a4028
        retriever-curly large drop medium curly normal down solid 1e1b1a 3a3634
        retriever-flatcoated large drop medium long normal down solid 1e1b1a 3a3634
        retriever-golden large drop medium long normal down solid d9a441 b07a28
        ridgeback-rhodesian large drop long smooth normal down solid c47e3c 9a5a24
        rottweiler large folded medium smooth normal stub points 1e1b1a a0521e
        saluki large long long smooth long down solid e2c8a0 b89870
        samoyed large erect medium fluffy normal curled solid f6f3ec dcd6c8
        schipperke small erect medium fluffy normal stub solid 1e1b1a 3a3634
        schnauzer-giant large folded long wiry normal stub solid 1e1b1a 3a3634
        schnauzer-miniature small folded long wiry normal stub solid 8a8a8e 5a5a5e
        segugio-italian medium long long smooth normal down solid b5642c 8a4420
        setter-english large drop long long normal down spots f4f1ea 3a3430
        setter-gordon large drop long long normal down points 1e1b1a b5642c
        setter-irish large drop long long normal down solid a0421e 7a2e12
        sharpei medium folded short smooth normal curled solid c8925a 9a6a38
        sheepdog-english large drop medium long normal stub patches d8d8d4 6e7480
        sheepdog-indian large drop medium long normal down solid e8d8c0 b8a888
        sheepdog-shetland small folded long long normal down blaze b5742e f2efe8
        shiba small erect medium fluffy normal curled blaze c8782e f2efe8
        shihtzu toy drop flat long short curled patches f2efe8 b58a5a
        spaniel-blenheim small long short long normal down patches f2efe8 b5642c
        spaniel-brittany medium drop medium long normal stub patches f2efe8 c0602a
        spaniel-cocker medium long medium long normal down solid d9a462 a87a40
        spaniel-irish large long long curly normal down solid 6b3a26 4a2616
        spaniel-japanese toy drop flat long normal curled patches f2efe8 1e1b1a
        spaniel-sussex medium long medium long short down solid 9a5a2a 6a3a18
        spaniel-welsh medium drop medium long normal down patches f2efe8 b5422a
        spitz-indian small erect short fluffy normal curled solid f6f3ec dcd6c8
        spitz-japanese small erect short fluffy normal curled solid f6f3ec dcd6c8
        springer-english medium long medium long normal down patches f2efe8 6b3a26
        stbernard giant drop medium long normal down patches f2efe8 b5642c
        terrier-american medium folded short smooth normal down blaze 8a6a50 f2efe8
        terrier-australian small erect medium wiry short up points 6e7884 c68a4a
        terrier-bedlington medium drop long curly normal down solid d8d4cc b8b4ac
        terrier-border small folded medium wiry normal up solid b08050 806030
        terrier-cairn small erect short wiry short up solid c8a070 987048
        terrier-dandie small drop medium long short down solid b8b0a0 8a8274
        terrier-fox small folded long smooth normal up patches f2efe8 c68a4a
        terrier-irish medium folded long wiry normal up solid b5642c 8a4420
        terrier-kerryblue medium folded long curly normal up solid 5e6670 3e444c
        terrier-lakeland small folded long wiry normal up saddle c68a4a 1e1b1a
        terrier-norfolk small folded short wiry short up solid c0803a 905a20
        terrier-norwich small erect short wiry short up solid c0803a 905a20
        terrier-patterdale small folded medium smooth normal up solid 1e1b1a 3a3634
        terrier-russell small folded medium smooth short up patches f2efe8 b5742e
        terrier-scottish small erect long wiry short up solid 1e1b1a 3a3634
        terrier-sealyham small folded long wiry short up solid f2efe8 d4ccbc
        terrier-silky toy erect medium long short up points 6e7884 c68a4a
        terrier-tibetan medium drop short long normal curled solid e8dcc4 b8ac94
        terrier-toy toy erect medium smooth normal up points 1e1b1a b5642c
        terrier-welsh small folded long wiry normal up saddle b5742e 1e1b1a
        terrier-westhighland small erect short wiry short up solid f6f3ec dcd6c8
        terrier-wheaten medium folded medium long normal up solid e2c48e b8986a
        terrier-yorkshire toy erect short long short up points 6e7884 c8944a
        tervuren large erect long long normal down mask b5742e 1e1b1a
        vizsla large drop long smooth normal down solid b5642c 8a4420
        waterdog-spanish medium drop medium curly normal down solid 6b3a26 4a2616
        weimaraner large drop long smooth normal stub solid 9a9690 7a7670
        whippet medium folded long smooth long down blaze c8a070 f2efe8
        wolfhound-irish giant folded long wiry long down solid 8a8478 6a6458
        """
}
