import Pictures

/// One breed of the cat-picture service: its facts, restlite's description and its drawn look.
struct CatBreed: Sendable {
    let id: String
    let name: String
    let weight: (imperial: String, metric: String)
    let cfaURL: String?
    let vetstreetURL: String?
    let vcaHospitalsURL: String?
    let temperament: String
    let origin: String
    let countryCode: String
    let lifeSpan: String
    let description: String
    let indoor: Int
    let lap: Int?
    let altNames: String?
    /// adaptability, affection_level, child_friendly, dog_friendly, energy_level, grooming,
    /// health_issues, intelligence, shedding_level, social_needs, stranger_friendly, vocalisation.
    let scores: [Int]
    let catFriendly: Int?
    let bidability: Int?
    /// experimental, hairless, natural, rare, rex, suppressed_tail, short_legs.
    let flags: [Int]
    let hypoallergenic: Int
    let wikipediaURL: String?
    let referenceImageID: String?
    let look: CatAppearance

    init(
        id: String, name: String, weight: (imperial: String, metric: String), cfaURL: String? = nil,
        vetstreetURL: String? = nil, vcaHospitalsURL: String? = nil, temperament: String, origin: String,
        countryCode: String, lifeSpan: String, description: String, indoor: Int, lap: Int? = nil,
        altNames: String? = nil, scores: [Int], catFriendly: Int? = nil, bidability: Int? = nil,
        flags: [Int], hypoallergenic: Int, wikipediaURL: String? = nil, referenceImageID: String? = nil,
        look: CatAppearance
    ) {
        precondition(scores.count == 12 && flags.count == 7, "breed \(id): 12 scores and 7 flags")
        self.id = id
        self.name = name
        self.weight = weight
        self.cfaURL = cfaURL
        self.vetstreetURL = vetstreetURL
        self.vcaHospitalsURL = vcaHospitalsURL
        self.temperament = temperament
        self.origin = origin
        self.countryCode = countryCode
        self.lifeSpan = lifeSpan
        self.description = description
        self.indoor = indoor
        self.lap = lap
        self.altNames = altNames
        self.scores = scores
        self.catFriendly = catFriendly
        self.bidability = bidability
        self.flags = flags
        self.hypoallergenic = hypoallergenic
        self.wikipediaURL = wikipediaURL
        self.referenceImageID = referenceImageID
        self.look = look
    }

    /// The breed object in the service's key order, with exactly the optional keys this breed
    /// has; `image` (the reference picture) is appended when given.
    func json(image: OrderedJSON? = nil) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            (
                "weight",
                .object([("imperial", .string(weight.imperial)), ("metric", .string(weight.metric))])
            ),
            ("id", .string(id)),
            ("name", .string(name)),
        ]
        if let cfaURL { members.append(("cfa_url", .string(cfaURL))) }
        if let vetstreetURL { members.append(("vetstreet_url", .string(vetstreetURL))) }
        if let vcaHospitalsURL { members.append(("vcahospitals_url", .string(vcaHospitalsURL))) }
        members += [
            ("temperament", .string(temperament)),
            ("origin", .string(origin)),
            ("country_codes", .string(countryCode)),
            ("country_code", .string(countryCode)),
            ("description", .string(description)),
            ("life_span", .string(lifeSpan)),
            ("indoor", .int(indoor)),
        ]
        if let lap { members.append(("lap", .int(lap))) }
        if let altNames { members.append(("alt_names", .string(altNames))) }
        let scoreKeys = [
            "adaptability", "affection_level", "child_friendly", "dog_friendly", "energy_level", "grooming",
            "health_issues", "intelligence", "shedding_level", "social_needs", "stranger_friendly",
            "vocalisation",
        ]
        for (key, score) in zip(scoreKeys, scores) {
            members.append((key, .int(score)))
            if key == "child_friendly", let catFriendly {
                members.append(("cat_friendly", .int(catFriendly)))
            }
        }
        if let bidability { members.append(("bidability", .int(bidability))) }
        let flagKeys = [
            "experimental", "hairless", "natural", "rare", "rex", "suppressed_tail", "short_legs",
        ]
        for (key, flag) in zip(flagKeys, flags) { members.append((key, .int(flag))) }
        if let wikipediaURL { members.append(("wikipedia_url", .string(wikipediaURL))) }
        members.append(("hypoallergenic", .int(hypoallergenic)))
        if let referenceImageID { members.append(("reference_image_id", .string(referenceImageID))) }
        if let image { members.append(("image", image)) }
        return .object(members)
    }
}
