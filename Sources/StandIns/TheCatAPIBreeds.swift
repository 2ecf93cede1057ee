import Pictures

// The 67 breeds of the cat-picture service, in its order (the course's breed-id list).
// Names, origins, weights, life spans, scores, flags, temperaments and links are facts of the
// service's breed catalogue; every description is restlite's own text.

extension CatBreed {
    /// Every breed, in the service's order.
    static let all: [CatBreed] = [
        CatBreed(
            id: "abys", name: "Abyssinian",
            weight: (imperial: "7  -  10", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Abyssinian.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/abyssinian",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/abyssinian",
            temperament: "Active, Energetic, Independent, Intelligent, Gentle",
            origin: "Egypt", countryCode: "EG", lifeSpan: "14 - 15",
            description: """
                A lean, ticked-coat cat that treats every shelf as a lookout post. It stays busy and \
                people-focused well into old age.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 3, 4, 5, 1, 2, 5, 2, 5, 5, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Abyssinian_(cat)",
            referenceImageID: "0XYvRd7oD",
            look: CatAppearance(
                coat: RGB(176, 110, 60), accent: RGB(60, 40, 25), pattern: .tabby, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "aege", name: "Aegean",
            weight: (imperial: "7 - 10", metric: "3 - 5"),
            vetstreetURL: "http://www.vetstreet.com/cats/aegean-cat",
            temperament: "Affectionate, Social, Intelligent, Playful, Active",
            origin: "Greece", countryCode: "GR", lifeSpan: "9 - 12",
            description: """
                A sturdy island cat shaped by fishing villages rather than breeders. It is sociable, \
                quick-witted and comfortable around children.
                """,
            indoor: 0,
            altNames: "",
            scores: [5, 4, 4, 4, 3, 3, 1, 3, 3, 4, 4, 3],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Aegean_cat",
            referenceImageID: "ozEvzdVM-",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(30, 28, 30), pattern: .bicolor, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "abob", name: "American Bobtail",
            weight: (imperial: "7 - 16", metric: "3 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/AmericanBobtail.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/american-bobtail",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/american-bobtail",
            temperament: "Intelligent, Interactive, Lively, Playful, Sensitive",
            origin: "United States", countryCode: "US", lifeSpan: "11 - 15",
            description: """
                A broad, wild-looking cat with a naturally short tail that wags when it is pleased. It \
                learns games quickly and likes company.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 3, 1, 1, 5, 3, 3, 3, 3],
            flags: [0, 0, 0, 0, 0, 1, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/American_Bobtail",
            referenceImageID: "hBXicehMA",
            look: CatAppearance(
                coat: RGB(180, 140, 100), accent: RGB(60, 40, 25), pattern: .tabby, eyes: RGB(215, 170, 40),
                shortTail: true
            )
        ),
        CatBreed(
            id: "acur", name: "American Curl",
            weight: (imperial: "5 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/AmericanCurl.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/american-curl",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/american-curl",
            temperament: "Affectionate, Curious, Intelligent, Interactive, Lively, Playful, Social",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 16",
            description: """
                Recognisable at once by ears that turn backwards in a smooth curve. It stays playful for \
                life and settles easily into new homes.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 3, 2, 1, 3, 3, 3, 3, 3],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/American_Curl",
            referenceImageID: "xnsqonbjW",
            look: CatAppearance(
                coat: RGB(190, 190, 195), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "asho", name: "American Shorthair",
            weight: (imperial: "8 - 15", metric: "4 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/AmericanShorthair.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/american-shorthair",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/american-shorthair",
            temperament: "Active, Curious, Easy Going, Playful, Calm",
            origin: "United States", countryCode: "US", lifeSpan: "15 - 17",
            description: """
                A solid, healthy working cat descended from the mousers of early settlers. Even-tempered \
                and undemanding, it suits busy households.
                """,
            indoor: 0, lap: 1,
            altNames: "Domestic Shorthair",
            scores: [5, 5, 4, 5, 3, 1, 3, 3, 3, 4, 3, 3],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/American_Shorthair",
            referenceImageID: "JFPROfGtQ",
            look: CatAppearance(
                coat: RGB(190, 190, 195), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "awir", name: "American Wirehair",
            weight: (imperial: "8 - 15", metric: "4 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/AmericanWirehair.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/american-wirehair",
            temperament:
                "Affectionate, Curious, Gentle, Intelligent, Interactive, Lively, Loyal, Playful, Sensible, Social",
            origin: "United States", countryCode: "US", lifeSpan: "14 - 18",
            description: """
                A calm cat whose coat is crimped and springy to the touch. It takes change in its stride \
                and enjoys watching the world from a window.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 3, 1, 3, 3, 1, 3, 3, 3],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/American_Wirehair",
            referenceImageID: "8D--jCd21",
            look: CatAppearance(
                coat: RGB(215, 130, 55), accent: RGB(238, 220, 180), pattern: .tabby, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "amau", name: "Arabian Mau",
            weight: (imperial: "8 - 16", metric: "4 - 7"),
            vcaHospitalsURL: "",
            temperament: "Affectionate, Agile, Curious, Independent, Playful, Loyal",
            origin: "United Arab Emirates", countryCode: "AE", lifeSpan: "12 - 14",
            description: """
                A desert street cat of the Arabian Peninsula, lean and long-legged. It is lively, loyal \
                and needs plenty of play.
                """,
            indoor: 0,
            altNames: "Alley cat",
            scores: [5, 5, 4, 5, 4, 1, 1, 3, 1, 3, 3, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Arabian_Mau",
            referenceImageID: "k71ULYfRr",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(30, 28, 30), pattern: .bicolor, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "amis", name: "Australian Mist",
            weight: (imperial: "7 - 15", metric: "3 - 7"),
            temperament: "Lively, Social, Fun-loving, Relaxed, Affectionate",
            origin: "Australia", countryCode: "AU", lifeSpan: "12 - 16",
            description: """
                A gentle Australian breed with a softly spotted or marbled coat. It is patient with \
                children and content to live indoors.
                """,
            indoor: 0, lap: 1,
            altNames: "Spotted Mist",
            scores: [5, 5, 4, 5, 4, 3, 1, 4, 3, 4, 4, 3],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Australian_Mist",
            referenceImageID: "_6x-3TiCA",
            look: CatAppearance(
                coat: RGB(205, 160, 90), accent: RGB(110, 70, 40), pattern: .spotted, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "bali", name: "Balinese",
            weight: (imperial: "4 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Balinese.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/balinese",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/balinese",
            temperament: "Affectionate, Intelligent, Playful",
            origin: "United States", countryCode: "US", lifeSpan: "10 - 15",
            description: """
                The long-coated cousin of the Siamese, with a plumed tail. It talks a great deal and wants \
                to be part of every activity.
                """,
            indoor: 0,
            altNames: "Long-haired Siamese",
            scores: [5, 5, 4, 5, 5, 3, 3, 5, 3, 5, 5, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Balinese_(cat)",
            referenceImageID: "13MkvUreZ",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210),
                longHair: true
            )
        ),
        CatBreed(
            id: "bamb", name: "Bambino",
            weight: (imperial: "4 - 9", metric: "2 - 4"),
            temperament: "Affectionate, Lively, Friendly, Intelligent",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 14",
            description: """
                A small, hairless cat on short legs with large upright ears. It likes to be carried and \
                handled and seeks out warm laps.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 1, 3, 3, 3],
            flags: [1, 1, 0, 0, 0, 0, 1], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Bambino_cat",
            referenceImageID: "5AdhMjeEu",
            look: CatAppearance(
                coat: RGB(230, 180, 170), accent: RGB(230, 180, 170), pattern: .hairless,
                eyes: RGB(70, 130, 210)
            )
        ),
        CatBreed(
            id: "beng", name: "Bengal",
            weight: (imperial: "6 - 12", metric: "3 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Bengal.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/bengal",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/bengal",
            temperament: "Alert, Agile, Energetic, Demanding, Intelligent",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 15",
            description: """
                A muscular, athletic cat with a boldly spotted, glittering coat. It needs a lot of \
                activity and attention and does best with experienced owners.
                """,
            indoor: 0, lap: 0,
            scores: [5, 5, 4, 5, 5, 1, 3, 5, 3, 5, 3, 5], catFriendly: 4, bidability: 3,
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Bengal_(cat)",
            referenceImageID: "O3btzLlsO",
            look: CatAppearance(
                coat: RGB(205, 160, 90), accent: RGB(30, 28, 30), pattern: .spotted, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "birm", name: "Birman",
            weight: (imperial: "6 - 15", metric: "3 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Birman.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/birman",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/birman",
            temperament: "Affectionate, Active, Gentle, Social",
            origin: "France", countryCode: "FR", lifeSpan: "14 - 15",
            description: """
                A long-haired pointed cat with white gloves on all four paws. It is quiet, gentle and \
                likes to stay close to its people around the house.
                """,
            indoor: 0, lap: 1,
            altNames: "Sacred Birman, Sacred Cat Of Burma",
            scores: [5, 5, 4, 5, 3, 2, 1, 3, 3, 4, 3, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Birman",
            referenceImageID: "HOrX5gwLS",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210),
                longHair: true
            )
        ),
        CatBreed(
            id: "bomb", name: "Bombay",
            weight: (imperial: "6 - 11", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Bombay.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/bombay",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/bombay",
            temperament: "Affectionate, Dependent, Gentle, Intelligent, Playful",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 16",
            description: """
                A compact cat with a jet-black, patent-leather coat and copper eyes. It bonds closely with \
                its family and enjoys being carried around.
                """,
            indoor: 0, lap: 1,
            altNames: "Small black Panther",
            scores: [5, 5, 4, 5, 3, 1, 3, 5, 3, 4, 4, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Bombay_(cat)",
            referenceImageID: "5iYq9NmT1",
            look: CatAppearance(
                coat: RGB(30, 28, 30), accent: RGB(30, 28, 30), pattern: .solid, eyes: RGB(200, 110, 40)
            )
        ),
        CatBreed(
            id: "bslo", name: "British Longhair",
            weight: (imperial: "8 - 18", metric: "4 - 8"),
            temperament: "Affectionate, Easy Going, Independent, Intelligent, Loyal, Social",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "12 - 14",
            description: """
                The long-coated form of the British Shorthair, round-faced and solid. It is easygoing and \
                affectionate without being clingy.
                """,
            indoor: 0,
            altNames: "",
            scores: [5, 5, 4, 5, 4, 5, 1, 5, 1, 3, 4, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/British_Longhair",
            referenceImageID: "7isAO4Cav",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(130, 140, 155), pattern: .solid,
                eyes: RGB(200, 110, 40), longHair: true
            )
        ),
        CatBreed(
            id: "bsho", name: "British Shorthair",
            weight: (imperial: "12 - 20", metric: "5 - 9"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/BritishShorthair.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/british-shorthair",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/british-shorthair",
            temperament: "Affectionate, Easy Going, Gentle, Loyal, Patient, calm",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "12 - 17",
            description: """
                A heavy, round-headed cat with a dense, plush coat, classically blue-grey. It is placid \
                and dignified and prefers sitting beside you to sitting on you.
                """,
            indoor: 0, lap: 1,
            altNames: "Highlander, Highland Straight, Britannica",
            scores: [5, 4, 4, 5, 2, 2, 2, 3, 4, 3, 2, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/British_Shorthair",
            referenceImageID: "s4wQfYoEk",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(130, 140, 155), pattern: .solid, eyes: RGB(200, 110, 40)
            )
        ),
        CatBreed(
            id: "bure", name: "Burmese",
            weight: (imperial: "6 - 12", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Burmese.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/burmese",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/burmese",
            temperament: "Curious, Intelligent, Gentle, Social, Interactive, Playful, Lively",
            origin: "Burma", countryCode: "MM", lifeSpan: "15 - 16",
            description: """
                A compact, muscular cat with a glossy sable coat and golden eyes. It is outgoing, people- \
                oriented and keeps its kittenish play for years.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 4, 1, 3, 5, 3, 5, 5, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Burmese_(cat)",
            referenceImageID: "4lXnnfxac",
            look: CatAppearance(
                coat: RGB(95, 60, 35), accent: RGB(60, 40, 25), pattern: .solid, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "buri", name: "Burmilla",
            weight: (imperial: "6 - 13", metric: "3 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsAB/Burmilla.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/burmilla",
            temperament: "Easy Going, Friendly, Intelligent, Lively, Playful, Social",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "10 - 15",
            description: """
                A silver-shaded cat with outlined eyes, born of a Burmese and Chinchilla Persian pairing. \
                It is sweet-natured and mildly mischievous.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 4, 3, 3, 3, 3, 3, 4, 3, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Burmilla",
            referenceImageID: "jvg3XfEdC",
            look: CatAppearance(
                coat: RGB(190, 190, 195), accent: RGB(110, 70, 40), pattern: .tabby, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "cspa", name: "California Spangled",
            weight: (imperial: "10 - 15", metric: "5 - 7"),
            temperament: "Affectionate, Curious, Intelligent, Loyal, Social",
            origin: "United States", countryCode: "US", lifeSpan: "10 - 14",
            description: """
                A spotted domestic cat bred to resemble a small wildcat. It is athletic and alert but \
                affectionate with its family.
                """,
            indoor: 0,
            altNames: "Spangle",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 1, 3, 4, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/California_Spangled",
            referenceImageID: "B1ERTmgph",
            look: CatAppearance(
                coat: RGB(190, 190, 195), accent: RGB(30, 28, 30), pattern: .spotted, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "ctif", name: "Chantilly-Tiffany",
            weight: (imperial: "7 - 12", metric: "3 - 5"),
            temperament: "Affectionate, Demanding, Interactive, Loyal",
            origin: "United States", countryCode: "US", lifeSpan: "14 - 16",
            description: """
                A medium-sized, semi-longhaired cat, most often chocolate brown. It is loyal, talks in \
                soft chirps and likes to stay close.
                """,
            indoor: 0, lap: 1,
            altNames: "Chantilly, Foreign Longhair",
            scores: [5, 5, 4, 5, 4, 5, 1, 5, 5, 3, 4, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Chantilly-Tiffany",
            referenceImageID: "TR-5nAd_S",
            look: CatAppearance(
                coat: RGB(90, 55, 35), accent: RGB(110, 70, 40), pattern: .solid, eyes: RGB(215, 170, 40),
                longHair: true
            )
        ),
        CatBreed(
            id: "char", name: "Chartreux",
            weight: (imperial: "6 - 15", metric: "3 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/Chartreux.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/chartreux",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/chartreux",
            temperament: "Affectionate, Loyal, Intelligent, Social, Lively, Playful",
            origin: "France", countryCode: "FR", lifeSpan: "12 - 15",
            description: """
                A robust French cat with a woolly blue-grey coat and copper eyes. It is quiet, observant \
                and a devoted companion.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 2, 1, 2, 4, 3, 5, 5, 1],
            flags: [0, 0, 0, 0, 1, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Chartreux",
            referenceImageID: "j6oFGLpRG",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(130, 140, 155), pattern: .solid, eyes: RGB(200, 110, 40)
            )
        ),
        CatBreed(
            id: "chau", name: "Chausie",
            weight: (imperial: "7 - 15", metric: "3 - 7"),
            temperament: "Affectionate, Intelligent, Playful, Social",
            origin: "Egypt", countryCode: "EG", lifeSpan: "12 - 14",
            description: """
                A tall, long-legged hybrid with jungle-cat ancestry. It is very active and clever, and \
                needs space and constant stimulation.
                """,
            indoor: 0,
            altNames: "Nile Cat",
            scores: [5, 5, 4, 5, 4, 3, 1, 5, 3, 3, 4, 1],
            flags: [1, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Chausie",
            referenceImageID: "vJ3lEYgXr",
            look: CatAppearance(
                coat: RGB(180, 140, 100), accent: RGB(110, 70, 40), pattern: .tabby, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "chee", name: "Cheetoh",
            weight: (imperial: "8 - 15", metric: "4 - 7"),
            temperament: "Affectionate, Gentle, Intelligent, Social",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 14",
            description: """
                A large, spotted cat bred from Bengal and Ocicat lines. Despite its wild look it is \
                gentle, sociable and easy to handle.
                """,
            indoor: 0,
            altNames: "\u{00A0}",
            scores: [5, 5, 4, 5, 4, 1, 1, 5, 1, 3, 4, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Bengal_cat#Cheetoh",
            referenceImageID: "IFXsxmXLm",
            look: CatAppearance(
                coat: RGB(205, 160, 90), accent: RGB(30, 28, 30), pattern: .spotted, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "csho", name: "Colorpoint Shorthair",
            weight: (imperial: "4 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/ColorpointShorthair.aspx",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/colorpoint-shorthair",
            temperament: "Affectionate, Intelligent, Playful, Social",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 16",
            description: """
                A Siamese-type cat whose points come in red, cream, tortie and lynx colours. It is vocal, \
                bright and very attached to its people.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [3, 4, 4, 4, 4, 2, 2, 5, 3, 4, 2, 5], catFriendly: 3, bidability: 4,
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Colorpoint_Shorthair",
            referenceImageID: "oSpqGyUDS",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(215, 130, 55), pattern: .pointed,
                eyes: RGB(70, 130, 210)
            )
        ),
        CatBreed(
            id: "crex", name: "Cornish Rex",
            weight: (imperial: "5 - 9", metric: "2 - 4"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/CornishRex.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/cornish-rex",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/cornish-rex",
            temperament: "Affectionate, Intelligent, Active, Curious, Playful",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "11 - 14",
            description: """
                A slender cat with a short, wavy coat that feels like velvet. It is energetic, acrobatic \
                and loves to be involved.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 5, 1, 2, 5, 1, 5, 3, 1], catFriendly: 2,
            flags: [0, 0, 0, 0, 1, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Cornish_Rex",
            referenceImageID: "unX21IBVB",
            look: CatAppearance(
                coat: RGB(30, 28, 30), accent: RGB(240, 236, 228), pattern: .bicolor, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "cymr", name: "Cymric",
            weight: (imperial: "8 - 13", metric: "4 - 6"),
            vetstreetURL: "http://www.vetstreet.com/cats/cymric",
            temperament: "Gentle, Loyal, Intelligent, Playful",
            origin: "Canada", countryCode: "CA", lifeSpan: "8 - 14",
            description: """
                A long-haired tailless cat related to the Manx, with a rounded build. It is playful, loyal \
                and often fond of fetching.
                """,
            indoor: 0, lap: 1,
            altNames: "Spangle",
            scores: [5, 5, 4, 5, 5, 3, 3, 5, 5, 5, 3, 3],
            flags: [0, 0, 0, 0, 0, 1, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Cymric_(cat)",
            referenceImageID: "3dbtapCWM",
            look: CatAppearance(
                coat: RGB(215, 130, 55), accent: RGB(240, 236, 228), pattern: .bicolor,
                eyes: RGB(200, 110, 40), longHair: true, shortTail: true
            )
        ),
        CatBreed(
            id: "cypr", name: "Cyprus",
            weight: (imperial: "8 - 16", metric: "4 - 7"),
            temperament: "Affectionate, Social",
            origin: "Cyprus", countryCode: "CY", lifeSpan: "12 - 15",
            description: """
                An old landrace cat of Cyprus, usually tabby, hardy and adaptable. It is friendly and does \
                well in many kinds of homes.
                """,
            indoor: 0, lap: 1,
            altNames: "Cypriot cat",
            scores: [5, 5, 4, 5, 4, 3, 1, 3, 3, 3, 4, 3],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Cyprus_cat",
            referenceImageID: "tJbzb7FKo",
            look: CatAppearance(
                coat: RGB(110, 70, 40), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "drex", name: "Devon Rex",
            weight: (imperial: "5 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/DevonRex.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/devon-rex",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/devon-rex",
            temperament: "Highly interactive, Mischievous, Loyal, Social, Playful",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "10 - 15",
            description: """
                A pixie-faced cat with huge ears and a loose, curly coat. It is mischievous, playful and \
                likes to perch on shoulders.
                """,
            indoor: 0, lap: 1,
            altNames: "Pixie cat, Alien cat, Poodle cat",
            scores: [5, 5, 4, 5, 5, 1, 3, 5, 1, 5, 5, 1],
            flags: [0, 0, 0, 0, 1, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Devon_Rex",
            referenceImageID: "4RzEwvyzz",
            look: CatAppearance(
                coat: RGB(190, 175, 180), accent: RGB(190, 190, 195), pattern: .solid, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "dons", name: "Donskoy",
            weight: (imperial: "10 - 12", metric: "5 - 6"),
            temperament: "Playful, affectionate, loyal, social",
            origin: "Russia", countryCode: "RU", lifeSpan: "12 - 15",
            description: """
                A Russian hairless breed whose skin is warm and wrinkled to the touch. It is sociable, \
                affectionate and seeks constant company.
                """,
            indoor: 0,
            scores: [4, 4, 3, 3, 4, 2, 3, 3, 1, 5, 5, 2], catFriendly: 3,
            flags: [0, 1, 0, 1, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Donskoy_(cat)",
            referenceImageID: "3KG57GfMW",
            look: CatAppearance(
                coat: RGB(230, 180, 170), accent: RGB(230, 180, 170), pattern: .hairless,
                eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "lihu", name: "Dragon Li",
            weight: (imperial: "9 - 12", metric: "4 - 6"),
            vetstreetURL: "http://www.vetstreet.com/cats/li-hua",
            temperament: "Intelligent, Friendly, Gentle, Loving, Loyal",
            origin: "China", countryCode: "CN", lifeSpan: "12 - 15",
            description: """
                A natural Chinese breed with a brown mackerel-tabby coat. It is steady, intelligent and \
                loyal to its household.
                """,
            indoor: 1,
            altNames: "Chinese Lia Hua, Lí hua māo (貍花貓), Li Hua",
            scores: [3, 3, 3, 3, 3, 1, 1, 3, 3, 4, 3, 3], catFriendly: 3,
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Dragon_Li",
            referenceImageID: "BQMSld0A0",
            look: CatAppearance(
                coat: RGB(110, 70, 40), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "emau", name: "Egyptian Mau",
            weight: (imperial: "6 - 14", metric: "3 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/EgyptianMau.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/egyptian-mau",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/egyptian-mau",
            temperament: "Agile, Dependent, Gentle, Intelligent, Lively, Loyal, Playful",
            origin: "Egypt", countryCode: "EG", lifeSpan: "18 - 20",
            description: """
                A naturally spotted cat and one of the fastest domestic breeds. It is devoted to its \
                family and reserved with strangers.
                """,
            indoor: 0, lap: 1,
            altNames: "Pharaoh Cat",
            scores: [2, 5, 3, 3, 5, 1, 3, 4, 3, 4, 2, 3],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Egyptian_Mau",
            referenceImageID: "TuSyTkt2n",
            look: CatAppearance(
                coat: RGB(190, 190, 195), accent: RGB(30, 28, 30), pattern: .spotted, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "ebur", name: "European Burmese",
            weight: (imperial: "7 - 14", metric: "3 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/EuropeanBurmese.aspx",
            temperament: "Sweet, Affectionate, Loyal",
            origin: "Burma", countryCode: "MM", lifeSpan: "10 - 15",
            description: """
                The European line of the Burmese, with a slightly longer face. It is affectionate, chatty \
                and craves company.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 4, 4, 1, 4, 5, 3, 5, 5, 4], catFriendly: 4,
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            look: CatAppearance(
                coat: RGB(110, 70, 40), accent: RGB(238, 220, 180), pattern: .tortoiseshell,
                eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "esho", name: "Exotic Shorthair",
            weight: (imperial: "7 - 14", metric: "3 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/Exotic.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/exotic-shorthair",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/exotic-shorthair",
            temperament: "Affectionate, Sweet, Loyal, Quiet, Peaceful",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 15",
            description: """
                A Persian in a short, easy-care coat, with the same flat face and round eyes. It is quiet, \
                sweet and content to lounge.
                """,
            indoor: 0, lap: 1,
            altNames: "Exotic",
            scores: [5, 5, 3, 3, 3, 2, 3, 3, 2, 4, 2, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Exotic_Shorthair",
            referenceImageID: "YnPrYEmfe",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(215, 130, 55), pattern: .solid, eyes: RGB(200, 110, 40)
            )
        ),
        CatBreed(
            id: "hbro", name: "Havana Brown",
            weight: (imperial: "6 - 10", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/HavanaBrown.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/havana-brown",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/havana-brown",
            temperament: "Affectionate, Curious, Demanding, Friendly, Intelligent, Playful",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "10 - 15",
            description: """
                A chocolate-brown cat with green eyes and a distinctive muzzle. It is curious and gentle, \
                and taps its owners when it wants attention.
                """,
            indoor: 0, lap: 1,
            altNames: "Havana, HB",
            scores: [5, 5, 4, 5, 3, 1, 1, 5, 3, 5, 3, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Havana_Brown",
            referenceImageID: "njK25knLH",
            look: CatAppearance(
                coat: RGB(90, 55, 35), accent: RGB(90, 55, 35), pattern: .solid, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "hima", name: "Himalayan",
            weight: (imperial: "7 - 14", metric: "3 - 6"),
            vetstreetURL: "http://www.vetstreet.com/cats/himalayan",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/himalayan",
            temperament: "Dependent, Gentle, Intelligent, Quiet, Social",
            origin: "United States", countryCode: "US", lifeSpan: "9 - 15",
            description: """
                A long-haired cat with Persian build and Siamese colouring. It is placid and affectionate \
                but needs daily grooming.
                """,
            indoor: 0, lap: 1,
            altNames: "Himalayan Persian, Colourpoint Persian, Longhaired Colourpoint, Himmy",
            scores: [5, 5, 2, 2, 1, 5, 3, 3, 4, 4, 2, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Himalayan_(cat)",
            referenceImageID: "CDhOtM-Ig",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210),
                longHair: true
            )
        ),
        CatBreed(
            id: "jbob", name: "Japanese Bobtail",
            weight: (imperial: "5 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsCJ/JapaneseBobtail.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/japanese-bobtail",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/japanese-bobtail",
            temperament: "Active, Agile, Clever, Easy Going, Intelligent, Lively, Loyal, Playful, Social",
            origin: "Japan", countryCode: "JP", lifeSpan: "14 - 16",
            description: """
                A Japanese cat with a short, pompom tail, often in calico colours. It is active, talkative \
                and always curious.
                """,
            indoor: 0, lap: 1,
            altNames: "Japanese Truncated Cat",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 3, 5, 5, 5],
            flags: [0, 0, 1, 0, 0, 1, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Japanese_Bobtail",
            referenceImageID: "-tm9-znzl",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(215, 130, 55), pattern: .calico,
                eyes: RGB(215, 170, 40), shortTail: true
            )
        ),
        CatBreed(
            id: "java", name: "Javanese",
            weight: (imperial: "5 - 10", metric: "2 - 5"),
            vetstreetURL: "http://www.vetstreet.com/cats/javanese",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/javanese",
            temperament: "Active, Devoted, Intelligent, Playful",
            origin: "United States", countryCode: "US", lifeSpan: "10 - 12",
            description: """
                A semi-longhaired Siamese relative in a wide range of point colours. It is lively, devoted \
                and enjoys learning tricks.
                """,
            indoor: 0,
            altNames: "\u{00A0}",
            scores: [4, 5, 4, 4, 5, 1, 3, 5, 2, 5, 3, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Javanese_cat",
            referenceImageID: "xoI_EpOKe",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210),
                longHair: true
            )
        ),
        CatBreed(
            id: "khao", name: "Khao Manee",
            weight: (imperial: "8 - 12", metric: "4 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/KhaoManee.aspx",
            temperament: "Calm, Relaxed, Talkative, Playful, Warm",
            origin: "Thailand", countryCode: "TH", lifeSpan: "10 - 12",
            description: """
                A rare Thai cat with a pure white coat and often odd-coloured eyes. It is playful, \
                talkative and warm with its family.
                """,
            indoor: 0, lap: 1,
            altNames: "Diamond Eye cat",
            scores: [4, 4, 3, 3, 3, 3, 1, 4, 3, 3, 3, 5], catFriendly: 3,
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Khao_Manee",
            referenceImageID: "165ok6ESN",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(240, 236, 228), pattern: .solid, eyes: RGB(70, 130, 210)
            )
        ),
        CatBreed(
            id: "kora", name: "Korat",
            weight: (imperial: "7 - 11", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Korat.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/korat",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/korat",
            temperament: "Active, Loyal, highly intelligent, Expressive, Trainable",
            origin: "Thailand", countryCode: "TH", lifeSpan: "10 - 15",
            description: """
                A silver-tipped blue cat from Thailand with large green eyes. It is quiet, watchful and \
                forms strong bonds.
                """,
            indoor: 0,
            scores: [5, 5, 4, 5, 3, 1, 1, 5, 3, 5, 2, 3],
            flags: [0, 0, 0, 1, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Korat",
            referenceImageID: "DbwiefiaY",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(190, 190, 195), pattern: .solid, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "kuri", name: "Kurilian",
            weight: (imperial: "8 - 15", metric: "4 - 7"),
            vetstreetURL: "http://www.vetstreet.com/cats/kurilian-bobtail",
            temperament: "Independent, highly intelligent, clever, inquisitive, sociable, playful, trainable",
            origin: "Russia", countryCode: "RU", lifeSpan: "15 - 20",
            description: """
                A semi-longhaired bobtailed cat from the Kuril Islands. It is independent yet sociable and \
                an able hunter.
                """,
            indoor: 0,
            scores: [5, 5, 5, 5, 5, 1, 1, 5, 2, 5, 5, 3],
            flags: [0, 0, 1, 0, 0, 1, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Kurilian_Bobtail",
            referenceImageID: "NZpO4pU56M",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(240, 236, 228), pattern: .bicolor,
                eyes: RGB(230, 200, 60), longHair: true, shortTail: true
            )
        ),
        CatBreed(
            id: "lape", name: "LaPerm",
            weight: (imperial: "6 - 10", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/LaPerm.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/laperm",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/laperm",
            temperament: "Affectionate, Friendly, Gentle, Intelligent, Playful, Quiet",
            origin: "Thailand", countryCode: "TH", lifeSpan: "10 - 15",
            description: """
                A cat with a loose, curly coat that comes from a natural mutation. It is gentle and \
                affectionate and likes to be near people.
                """,
            indoor: 0, lap: 1,
            altNames: "Si-Sawat",
            scores: [5, 5, 4, 5, 4, 1, 1, 5, 3, 4, 4, 3],
            flags: [0, 0, 0, 0, 1, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/LaPerm",
            referenceImageID: "aKbsEYjSl",
            look: CatAppearance(
                coat: RGB(160, 90, 50), accent: RGB(60, 40, 25), pattern: .tabby, eyes: RGB(215, 170, 40),
                longHair: true
            )
        ),
        CatBreed(
            id: "mcoo", name: "Maine Coon",
            weight: (imperial: "12 - 18", metric: "5 - 8"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/MaineCoon.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/maine-coon",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/maine-coon",
            temperament: "Adaptable, Intelligent, Loving, Gentle, Independent",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 15",
            description: """
                A large, shaggy cat with tufted ears and a bushy tail. It is friendly and even-tempered \
                despite its size.
                """,
            indoor: 0, lap: 1,
            altNames: "Coon Cat, Maine Cat, Maine Shag, Snowshoe Cat, American Longhair, The Gentle Giants",
            scores: [5, 5, 4, 5, 3, 3, 3, 5, 3, 3, 5, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Maine_Coon",
            referenceImageID: "OOD3VXAQn",
            look: CatAppearance(
                coat: RGB(110, 70, 40), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(215, 170, 40),
                longHair: true
            )
        ),
        CatBreed(
            id: "mala", name: "Malayan",
            weight: (imperial: "6 - 13", metric: "3 - 6"),
            temperament: "Affectionate, Interactive, Playful, Social",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "12 - 18",
            description: """
                The Burmese in dilute colours such as blue and lilac. It is affectionate, playful and \
                enjoys company.
                """,
            indoor: 0,
            altNames: "Asian",
            scores: [5, 5, 4, 5, 5, 1, 1, 3, 1, 3, 3, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Asian_cat",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(130, 140, 155), pattern: .solid, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "manx", name: "Manx",
            weight: (imperial: "7 - 13", metric: "3 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Manx.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/manx",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/manx",
            temperament: "Easy Going, Intelligent, Loyal, Playful, Social",
            origin: "Isle of Man", countryCode: "IM", lifeSpan: "12 - 14",
            description: """
                A round, tailless cat from the Isle of Man with powerful hind legs. It is playful, loyal \
                and often follows its people around.
                """,
            indoor: 0, lap: 1,
            altNames: "Manks, Stubbin, Rumpy",
            scores: [5, 5, 4, 5, 5, 1, 3, 5, 5, 5, 3, 3],
            flags: [0, 0, 1, 0, 0, 1, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Manx_(cat)",
            referenceImageID: "fhYh2PDcC",
            look: CatAppearance(
                coat: RGB(30, 28, 30), accent: RGB(240, 236, 228), pattern: .bicolor, eyes: RGB(215, 170, 40),
                shortTail: true
            )
        ),
        CatBreed(
            id: "munc", name: "Munchkin",
            weight: (imperial: "5 - 9", metric: "2 - 4"),
            vetstreetURL: "http://www.vetstreet.com/cats/munchkin",
            temperament: "Agile, Easy Going, Intelligent, Playful",
            origin: "United States", countryCode: "US", lifeSpan: "10 - 15",
            description: """
                A cat with short legs from a natural mutation, yet quick and agile. It is playful, \
                confident and sociable.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 4, 2, 3, 5, 3, 5, 5, 3],
            flags: [0, 0, 0, 0, 0, 0, 1], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Munchkin_(cat)",
            referenceImageID: "j5cVSqLer",
            look: CatAppearance(
                coat: RGB(215, 130, 55), accent: RGB(238, 220, 180), pattern: .tabby, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "nebe", name: "Nebelung",
            weight: (imperial: "7 - 11", metric: "3 - 5"),
            temperament: "Gentle, Quiet, Shy, Playful",
            origin: "United States", countryCode: "US", lifeSpan: "11 - 16",
            description: """
                A long-haired blue-grey cat with a silvery sheen. It is gentle and shy at first, then \
                deeply loyal.
                """,
            indoor: 0, lap: 1,
            altNames: "Longhaired Russian Blue",
            scores: [5, 5, 4, 4, 3, 3, 2, 5, 3, 3, 3, 1],
            flags: [0, 0, 0, 1, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Nebelung",
            referenceImageID: "OGTWqNNOt",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(190, 190, 195), pattern: .solid, eyes: RGB(90, 160, 70),
                longHair: true
            )
        ),
        CatBreed(
            id: "norw", name: "Norwegian Forest Cat",
            weight: (imperial: "8 - 16", metric: "4 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/NorwegianForestCat.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/norwegian-forest-cat",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/norwegian-forest-cat",
            temperament: "Sweet, Active, Intelligent, Social, Playful, Lively, Curious",
            origin: "Norway", countryCode: "NO", lifeSpan: "12 - 16",
            description: """
                A large forest cat with a water-resistant double coat. It is a skilled climber and a \
                friendly, patient companion.
                """,
            indoor: 0,
            altNames: "Skogkatt / Skaukatt, Norsk Skogkatt / Norsk Skaukatt, Weegie",
            scores: [5, 5, 4, 5, 3, 2, 3, 4, 3, 5, 5, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Norwegian_Forest_Cat",
            referenceImageID: "06dgGmEOV",
            look: CatAppearance(
                coat: RGB(110, 70, 40), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(90, 160, 70),
                longHair: true
            )
        ),
        CatBreed(
            id: "ocic", name: "Ocicat",
            weight: (imperial: "7 - 15", metric: "3 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Ocicat.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/ocicat",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/ocicat",
            temperament: "Active, Agile, Curious, Demanding, Friendly, Gentle, Lively, Playful, Social",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 14",
            description: """
                A spotted cat that looks wild but has only domestic ancestry. It is confident, trainable \
                and loves company.
                """,
            indoor: 0,
            altNames: "",
            scores: [5, 5, 4, 5, 5, 1, 3, 5, 3, 5, 5, 3],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Ocicat",
            referenceImageID: "JAx-08Y0n",
            look: CatAppearance(
                coat: RGB(180, 140, 100), accent: RGB(90, 55, 35), pattern: .spotted, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "orie", name: "Oriental",
            weight: (imperial: "5 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Oriental.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/oriental",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/oriental",
            temperament: "Energetic, Affectionate, Intelligent, Social, Playful, Curious",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 14",
            description: """
                A slender, long-headed cat in many colours and patterns. It is talkative, inquisitive and \
                bonds very closely.
                """,
            indoor: 0, lap: 1,
            altNames: "Foreign Type",
            scores: [5, 5, 4, 5, 5, 1, 3, 5, 3, 5, 3, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Oriental_Shorthair",
            referenceImageID: "LutjkZJpH",
            look: CatAppearance(
                coat: RGB(190, 175, 180), accent: RGB(190, 175, 180), pattern: .solid, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "pers", name: "Persian",
            weight: (imperial: "9 - 14", metric: "4 - 6"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Persian.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/persian",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/persian",
            temperament: "Affectionate, loyal, Sedate, Quiet",
            origin: "Iran (Persia)", countryCode: "IR", lifeSpan: "14 - 15",
            description: """
                A long-haired cat with a flat face and a quiet, easygoing temperament. It prefers calm \
                homes and needs daily grooming.
                """,
            indoor: 0, lap: 1,
            altNames: "Longhair, Persian Longhair, Shiraz, Shirazi",
            scores: [5, 5, 2, 2, 1, 5, 3, 3, 4, 4, 2, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Persian_(cat)",
            referenceImageID: "-Zfz5z2jK",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(240, 236, 228), pattern: .solid,
                eyes: RGB(200, 110, 40), longHair: true
            )
        ),
        CatBreed(
            id: "pixi", name: "Pixie-bob",
            weight: (imperial: "8 - 17", metric: "4 - 8"),
            vetstreetURL: "http://www.vetstreet.com/cats/pixiebob",
            temperament: "Affectionate, Social, Intelligent, Loyal",
            origin: "United States", countryCode: "US", lifeSpan: "13 - 16",
            description: """
                A muscular, spotted cat with a short tail and a bobcat-like face. It is loyal, sociable \
                and often walks on a leash.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 4, 1, 2, 5, 3, 4, 4, 1],
            flags: [0, 0, 0, 0, 0, 1, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Pixiebob",
            referenceImageID: "z7fJRNeN6",
            look: CatAppearance(
                coat: RGB(200, 170, 140), accent: RGB(110, 70, 40), pattern: .spotted,
                eyes: RGB(215, 170, 40), shortTail: true
            )
        ),
        CatBreed(
            id: "raga", name: "Ragamuffin",
            weight: (imperial: "8 - 20", metric: "4 - 9"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Ragamuffin.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/ragamuffin",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/ragamuffin",
            temperament: "Affectionate, Friendly, Gentle, Calm",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 16",
            description: """
                A large, heavy long-haired cat related to the Ragdoll. It is calm, affectionate and \
                relaxed when held.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 3, 3, 3, 5, 3, 3, 5, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Ragamuffin_cat",
            referenceImageID: "SMuZx-bFM",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(130, 140, 155), pattern: .bicolor,
                eyes: RGB(90, 160, 70), longHair: true
            )
        ),
        CatBreed(
            id: "ragd", name: "Ragdoll",
            weight: (imperial: "12 - 20", metric: "5 - 9"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/Ragdoll.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/ragdoll",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/ragdoll",
            temperament: "Affectionate, Friendly, Gentle, Quiet, Easygoing",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 17",
            description: """
                A large, pointed long-haired cat that goes limp when picked up. It is gentle, quiet and \
                follows its owners around.
                """,
            indoor: 0, lap: 1,
            altNames: "Rag doll",
            scores: [5, 5, 4, 5, 3, 2, 3, 3, 3, 5, 3, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Ragdoll",
            referenceImageID: "oGefY4YoG",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210),
                longHair: true
            )
        ),
        CatBreed(
            id: "rblu", name: "Russian Blue",
            weight: (imperial: "5 - 11", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsKthruR/RussianBlue.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/russian-blue-nebelung",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/russian-blue",
            temperament: "Active, Dependent, Easy Going, Gentle, Intelligent, Loyal, Playful, Quiet",
            origin: "Russia", countryCode: "RU", lifeSpan: "10 - 16",
            description: """
                A fine-boned cat with a dense silver-blue coat and green eyes. It is quiet and reserved \
                with strangers, warm with family.
                """,
            indoor: 0, lap: 1,
            altNames: "Archangel Blue, Archangel Cat",
            scores: [3, 3, 3, 3, 3, 3, 1, 3, 3, 3, 1, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Russian_Blue",
            referenceImageID: "Rhj-JsTLP",
            look: CatAppearance(
                coat: RGB(130, 140, 155), accent: RGB(190, 190, 195), pattern: .solid, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "sava", name: "Savannah",
            weight: (imperial: "8 - 25", metric: "4 - 11"),
            vetstreetURL: "http://www.vetstreet.com/cats/savannah",
            temperament: "Curious, Social, Intelligent, Loyal, Outgoing, Adventurous, Affectionate",
            origin: "United States", countryCode: "US", lifeSpan: "17 - 20",
            description: """
                A tall, spotted hybrid with serval ancestry. It is very active, bold and curious, and \
                needs room to explore.
                """,
            indoor: 0,
            altNames: "",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 3, 5, 5, 1],
            flags: [1, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Savannah_cat",
            referenceImageID: "a8nIYvs6S",
            look: CatAppearance(
                coat: RGB(205, 160, 90), accent: RGB(30, 28, 30), pattern: .spotted, eyes: RGB(215, 170, 40)
            )
        ),
        CatBreed(
            id: "sfol", name: "Scottish Fold",
            weight: (imperial: "5 - 11", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/ScottishFold.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/scottish-fold-highland-fold",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/scottish-fold",
            temperament: "Affectionate, Intelligent, Loyal, Playful, Social, Sweet, Loving",
            origin: "United Kingdom", countryCode: "GB", lifeSpan: "11 - 14",
            description: """
                A rounded cat whose ears fold forward and down. It is sweet, adaptable and likes sitting \
                in odd positions.
                """,
            indoor: 0,
            altNames: "Scot Fold",
            scores: [5, 5, 4, 5, 3, 1, 4, 3, 3, 3, 3, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Scottish_Fold",
            referenceImageID: "o9t0LDcsa",
            look: CatAppearance(
                coat: RGB(190, 190, 195), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(200, 110, 40),
                foldedEars: true
            )
        ),
        CatBreed(
            id: "srex", name: "Selkirk Rex",
            weight: (imperial: "6 - 16", metric: "3 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/SelkirkRex.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/selkirk-rex",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/selkirk-rex",
            temperament: "Active, Affectionate, Dependent, Gentle, Patient, Playful, Quiet, Social",
            origin: "United States", countryCode: "US", lifeSpan: "14 - 15",
            description: """
                A sturdy cat with a soft, loosely curled coat. It is patient, tolerant and affectionate.
                """,
            indoor: 0, lap: 1,
            altNames: "Shepherd Cat",
            scores: [5, 5, 4, 5, 3, 2, 4, 3, 1, 3, 3, 3],
            flags: [0, 0, 0, 0, 1, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Selkirk_Rex",
            referenceImageID: "II9dOZmrw",
            look: CatAppearance(
                coat: RGB(215, 130, 55), accent: RGB(240, 236, 228), pattern: .bicolor,
                eyes: RGB(200, 110, 40)
            )
        ),
        CatBreed(
            id: "siam", name: "Siamese",
            weight: (imperial: "8 - 15", metric: "4 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/Siamese.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/siamese",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/siamese",
            temperament: "Active, Agile, Clever, Sociable, Loving, Energetic",
            origin: "Thailand", countryCode: "TH", lifeSpan: "12 - 15",
            description: """
                A slender, pointed cat with blue eyes and a loud, insistent voice. It is social, clever \
                and dislikes being left alone.
                """,
            indoor: 0, lap: 1,
            altNames: "Siam, Thai Cat",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 2, 5, 5, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Siamese_(cat)",
            referenceImageID: "ai6Jps4sx",
            look: CatAppearance(
                coat: RGB(238, 220, 180), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210)
            )
        ),
        CatBreed(
            id: "sibe", name: "Siberian",
            weight: (imperial: "8 - 16", metric: "4 - 7"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/Siberian.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/siberian",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/siberian",
            temperament: "Curious, Intelligent, Loyal, Sweet, Agile, Playful, Affectionate",
            origin: "Russia", countryCode: "RU", lifeSpan: "12 - 15",
            description: """
                A strong Russian forest cat with a thick triple coat. It is affectionate, playful and \
                often curious about water.
                """,
            indoor: 0, lap: 1,
            altNames: "Moscow Semi-longhair, HairSiberian Forest Cat",
            scores: [5, 5, 4, 5, 5, 2, 2, 5, 3, 4, 3, 1],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Siberian_(cat)",
            referenceImageID: "3bkZAjRh1",
            look: CatAppearance(
                coat: RGB(110, 70, 40), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(90, 160, 70),
                longHair: true
            )
        ),
        CatBreed(
            id: "sing", name: "Singapura",
            weight: (imperial: "5 - 8", metric: "2 - 4"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/Singapura.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/singapura",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/singapura",
            temperament: "Affectionate, Curious, Easy Going, Intelligent, Interactive, Lively, Loyal",
            origin: "Singapore", countryCode: "SP", lifeSpan: "12 - 15",
            description: """
                One of the smallest breeds, with a ticked sepia coat and big eyes. It is curious, lively \
                and people-oriented.
                """,
            indoor: 0, lap: 1,
            altNames: "Drain Cat, Kucinta, Pura",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 3, 5, 5, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Singapura_(cat)",
            referenceImageID: "Qtncp2nRe",
            look: CatAppearance(
                coat: RGB(180, 140, 100), accent: RGB(110, 70, 40), pattern: .tabby, eyes: RGB(150, 130, 60)
            )
        ),
        CatBreed(
            id: "snow", name: "Snowshoe",
            weight: (imperial: "7 - 12", metric: "3 - 5"),
            temperament: "Affectionate, Social, Intelligent, Sweet-tempered",
            origin: "United States", countryCode: "US", lifeSpan: "14 - 19",
            description: """
                A pointed cat with white paws and often a white muzzle. It is sweet-tempered, sociable and \
                fairly vocal.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 4, 3, 1, 5, 3, 4, 4, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Snowshoe_(cat)",
            referenceImageID: "MK-sYESvO",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(70, 50, 40), pattern: .pointed, eyes: RGB(70, 130, 210)
            )
        ),
        CatBreed(
            id: "soma", name: "Somali",
            weight: (imperial: "6 - 12", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/Somali.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/somali",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/somali",
            temperament: "Mischievous, Tenacious, Intelligent, Affectionate, Gentle, Interactive, Loyal",
            origin: "Somalia", countryCode: "SO", lifeSpan: "12 - 16",
            description: """
                The long-haired form of the Abyssinian, with a bushy fox-like tail. It is lively, \
                mischievous and very curious.
                """,
            indoor: 0,
            altNames: "Fox Cat, Long-Haired Abyssinian",
            scores: [5, 5, 3, 4, 5, 3, 2, 5, 4, 5, 5, 1],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Somali_(cat)",
            referenceImageID: "EPF2ejNS0",
            look: CatAppearance(
                coat: RGB(176, 110, 60), accent: RGB(60, 40, 25), pattern: .tabby, eyes: RGB(215, 170, 40),
                longHair: true
            )
        ),
        CatBreed(
            id: "sphy", name: "Sphynx",
            weight: (imperial: "6 - 12", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/Sphynx.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/sphynx",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/sphynx",
            temperament: "Loyal, Inquisitive, Friendly, Quiet, Gentle",
            origin: "Canada", countryCode: "CA", lifeSpan: "12 - 14",
            description: """
                A hairless cat with warm, suede-like skin and large ears. It is outgoing, affectionate and \
                needs regular baths.
                """,
            indoor: 0, lap: 1,
            altNames: "Canadian Hairless, Canadian Sphynx",
            scores: [5, 5, 4, 5, 3, 2, 4, 5, 1, 5, 5, 5],
            flags: [0, 1, 0, 1, 0, 0, 0], hypoallergenic: 1,
            wikipediaURL: "https://en.wikipedia.org/wiki/Sphynx_(cat)",
            referenceImageID: "BDb8ZXb1v",
            look: CatAppearance(
                coat: RGB(230, 180, 170), accent: RGB(230, 180, 170), pattern: .hairless,
                eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "tonk", name: "Tonkinese",
            weight: (imperial: "6 - 12", metric: "3 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/Tonkinese.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/tonkinese",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/tonkinese",
            temperament: "Curious, Intelligent, Social, Lively, Outgoing, Playful, Affectionate",
            origin: "Canada", countryCode: "CA", lifeSpan: "14 - 16",
            description: """
                A Siamese and Burmese cross with aqua eyes and a mink coat. It is playful, social and \
                likes being at the centre of things.
                """,
            indoor: 0, lap: 1,
            altNames: "Tonk",
            scores: [5, 5, 4, 5, 5, 1, 1, 5, 3, 5, 5, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Tonkinese_(cat)",
            referenceImageID: "KBroiVNCM",
            look: CatAppearance(
                coat: RGB(200, 170, 140), accent: RGB(110, 70, 40), pattern: .pointed, eyes: RGB(80, 170, 170)
            )
        ),
        CatBreed(
            id: "toyg", name: "Toyger",
            weight: (imperial: "7 - 15", metric: "3 - 7"),
            vetstreetURL: "http://www.vetstreet.com/cats/toyger",
            temperament: "Playful, Social, Intelligent",
            origin: "United States", countryCode: "US", lifeSpan: "12 - 15",
            description: """
                A striped shorthair bred to look like a small tiger. It is friendly, easygoing and \
                playful.
                """,
            indoor: 0, lap: 1,
            altNames: "",
            scores: [5, 5, 4, 5, 5, 1, 2, 5, 3, 3, 5, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Toyger",
            referenceImageID: "O3F3_S1XN",
            look: CatAppearance(
                coat: RGB(215, 130, 55), accent: RGB(30, 28, 30), pattern: .tabby, eyes: RGB(90, 160, 70)
            )
        ),
        CatBreed(
            id: "tang", name: "Turkish Angora",
            weight: (imperial: "5 - 10", metric: "2 - 5"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/TurkishAngora.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/turkish-angora",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/turkish-angora",
            temperament: "Affectionate, Agile, Clever, Gentle, Intelligent, Playful, Social",
            origin: "Turkey", countryCode: "TR", lifeSpan: "15 - 18",
            description: """
                A graceful, silky-coated cat, classically white, from Turkey. It is lively, clever and \
                likes to be in charge.
                """,
            indoor: 0,
            altNames: "Ankara",
            scores: [5, 5, 4, 5, 5, 2, 2, 5, 2, 5, 5, 3],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Turkish_Angora",
            referenceImageID: "7CGV6WVXq",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(240, 236, 228), pattern: .solid,
                eyes: RGB(70, 130, 210), longHair: true
            )
        ),
        CatBreed(
            id: "tvan", name: "Turkish Van",
            weight: (imperial: "7 - 20", metric: "3 - 9"),
            cfaURL: "http://cfa.org/Breeds/BreedsSthruT/TurkishVan.aspx",
            vetstreetURL: "http://www.vetstreet.com/cats/turkish-van",
            vcaHospitalsURL: "https://vcahospitals.com/know-your-pet/cat-breeds/turkish-van",
            temperament: "Agile, Intelligent, Loyal, Playful, Energetic",
            origin: "Turkey", countryCode: "TR", lifeSpan: "12 - 17",
            description: """
                A large, semi-longhaired white cat with coloured head and tail. It is energetic and \
                famously fond of water.
                """,
            indoor: 0,
            altNames: "Turkish Cat, Swimming cat",
            scores: [5, 5, 4, 5, 5, 2, 1, 5, 3, 4, 4, 5],
            flags: [0, 0, 1, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/Turkish_Van",
            referenceImageID: "sxIXJax6h",
            look: CatAppearance(
                coat: RGB(240, 236, 228), accent: RGB(215, 130, 55), pattern: .bicolor,
                eyes: RGB(220, 140, 30), longHair: true
            )
        ),
        CatBreed(
            id: "ycho", name: "York Chocolate",
            weight: (imperial: "12 - 18", metric: "5 - 8"),
            temperament: "Playful, Social, Intelligent, Curious, Friendly",
            origin: "United States", countryCode: "US", lifeSpan: "13 - 15",
            description: """
                A long-haired cat, usually chocolate or lavender, first bred in New York. It is friendly, \
                curious and enjoys company.
                """,
            indoor: 0, lap: 1,
            altNames: "York",
            scores: [5, 5, 4, 5, 5, 3, 1, 5, 3, 4, 4, 5],
            flags: [0, 0, 0, 0, 0, 0, 0], hypoallergenic: 0,
            wikipediaURL: "https://en.wikipedia.org/wiki/York_Chocolate",
            referenceImageID: "0SxW2SQ_S",
            look: CatAppearance(
                coat: RGB(90, 55, 35), accent: RGB(90, 55, 35), pattern: .solid, eyes: RGB(215, 170, 40),
                longHair: true
            )
        ),
    ]
}
