import DocumentStore

/// The word lists the a3cats generator draws from, shaped like Mockaroo's data sets.
enum A3CatsVocabulary {
    /// The 67 breed ids of TheCatAPI, as the course assignment lists them (in its order).
    static let breedIds: [String] = """
        abys aege abob acur asho awir amau amis bali bamb beng birm bomb bslo bsho bure buri cspa \
        ctif char chau chee csho crex cymr cypr drex dons lihu emau ebur esho hbro hima jbob java \
        khao kora kuri lape mcoo mala manx munc nebe norw ocic orie pers pixi raga ragd rblu sava \
        sfol srex siam sibe sing snow soma sphy tonk toyg tang tvan ycho
        """.split(separator: " ").map(String.init)

    /// Mockaroo's "Animal Scientific Name" sometimes yields this literal instead of a name.
    static let unavailableName = "unavailable"

    /// Real binomial (and a few trinomial) names, as Mockaroo's animal data set holds them.
    static let scientificNames: [String] = [
        "Felis silvestris lybica", "Felis concolor", "Felis chaus", "Felis serval", "Felis caracal",
        "Felis libyca", "Felis yagouaroundi", "Panthera leo", "Panthera tigris", "Panthera pardus",
        "Panthera onca", "Acinonyx jubatus", "Lynx rufus", "Leptailurus serval", "Prionailurus bengalensis",
        "Canis lupus", "Canis latrans", "Canis aureus", "Canis mesomelas", "Vulpes vulpes",
        "Vulpes chama", "Lycaon pictus", "Cerdocyon thous", "Otocyon megalotis", "Ursus arctos",
        "Ursus maritimus", "Ursus americanus", "Ailuropoda melanoleuca", "Procyon lotor", "Nasua nasua",
        "Mephitis mephitis", "Taxidea taxus", "Lutra canadensis", "Enhydra lutris", "Mustela nigripes",
        "Gulo gulo", "Meles meles", "Crocuta crocuta", "Hyaena hyaena", "Herpestes javanicus",
        "Suricata suricatta", "Genetta genetta", "Macropus rufus", "Macropus giganteus", "Macropus agilis",
        "Phascolarctos cinereus", "Vombatus ursinus", "Sarcophilus harrisii", "Trichosurus vulpecula",
        "Petaurus breviceps", "Tachyglossus aculeatus", "Ornithorhynchus anatinus", "Didelphis virginiana",
        "Dasypus novemcinctus", "Myrmecophaga tridactyla", "Bradypus tridactylus", "Choloepus hoffmani",
        "Erinaceus europaeus", "Sciurus vulgaris", "Tamias striatus", "Marmota monax", "Castor canadensis",
        "Hystrix indica", "Hydrochoerus hydrochaeris", "Lepus americanus", "Oryctolagus cuniculus",
        "Loxodonta africana", "Elephas maximus", "Giraffa camelopardalis", "Hippopotamus amphibius",
        "Ceratotherium simum", "Diceros bicornis", "Equus burchelli", "Tapirus terrestris",
        "Camelus dromedarius", "Lama glama", "Lama pacos", "Bison bison", "Bos taurus", "Ovis canadensis",
        "Capra ibex", "Cervus elaphus", "Alces alces", "Odocoileus virginianus", "Rangifer tarandus",
        "Antilocapra americana", "Connochaetes taurinus", "Gazella thompsonii", "Aepyceros melampus",
        "Kobus defassa", "Tragelaphus strepsiceros", "Sus scrofa", "Phacochoerus aethiopus",
        "Pan troglodytes", "Gorilla gorilla", "Pongo pygmaeus", "Papio cynocephalus", "Macaca mulatta",
        "Lemur catta", "Cebus capucinus", "Alouatta seniculus", "Ateles paniscus", "Tursiops truncatus",
        "Orcinus orca", "Delphinus delphis", "Zalophus californicus", "Phoca vitulina",
        "Odobenus rosmarus", "Trichechus inunguis", "Pteropus giganteus", "Desmodus rotundus",
        "Aquila chrysaetos", "Haliaeetus leucocephalus", "Falco peregrinus", "Bubo virginianus",
        "Tyto alba", "Ara macao", "Cacatua galerita", "Pavo cristatus", "Phoenicopterus ruber",
        "Spheniscus demersus", "Struthio camelus", "Anas platyrhynchos", "Branta canadensis",
        "Cygnus atratus", "Pelecanus occidentalis", "Corvus brachyrhynchos", "Crotalus adamanteus",
        "Python regius", "Boa constrictor", "Naja nivea", "Iguana iguana", "Varanus komodensis",
        "Alligator mississippiensis", "Crocodylus niloticus", "Chelonia mydas", "Geochelone elegans",
    ]

    static let firstNames: [String] = [
        "Aaron", "Abby", "Adele", "Agnes", "Alasdair", "Alejandro", "Alfie", "Allina", "Amara", "Amelia",
        "Ansel", "Arlene", "Barnaby", "Bea", "Benedetta", "Bernard", "Brandais", "Brigitte", "Caleb",
        "Camille", "Carlos", "Cecily", "Clem", "Cordelia", "Dael", "Darnell", "Deirdre", "Desmond",
        "Dorothea", "Eamon", "Edythe", "Eleni", "Emeline", "Enrico", "Esther", "Farrah", "Fergus",
        "Fiona", "Gaston", "Giacomo", "Gwyneth", "Hamish", "Harriet", "Hector", "Ilse", "Ingrid",
        "Isadora", "Jacques", "Jasmine", "Jerrold", "Joaquin", "Kaitlin", "Kendrick", "Kiri", "Lavinia",
        "Leopold", "Liesel", "Lorenzo", "Lucinda", "Magnus", "Maribel", "Maximo", "Meredith", "Nadia",
        "Niall", "Noor", "Odette", "Oksana", "Oswin", "Padraig", "Perpetua", "Quentin", "Rafaela",
        "Reinhold", "Rosalind", "Rupert", "Saoirse", "Sebastien", "Siobhan", "Sol", "Tabitha",
        "Tadeo", "Thaddeus", "Ulrike", "Valentin", "Vesna", "Wilhelmina", "Winthrop", "Xavier",
        "Yolanda", "Yusuf", "Zelda", "Zoltan",
    ]

    static let lastNames: [String] = [
        "Abernathy", "Ackroyd", "Baldassi", "Bellamy", "Blackburn", "Brumhead", "Castellanos", "Chevalier",
        "Claypool", "Cordova", "D'Angelo", "D'Arcy", "Delacroix", "Dimitrov", "Drummond", "Eastwood",
        "Ellerby", "Fairweather", "Farquhar", "Fitzgerald", "Gallagher", "Garnier", "Gilchrist", "Grimaldi",
        "Halvorsen", "Hargreaves", "Ivanova", "Jablonski", "Kavanagh", "Kowalczyk", "Lachance", "Lindqvist",
        "MacAllister", "Mancini", "McGillivray", "Nakamura", "Novak", "O'Brien", "O'Connor", "O'Donnell",
        "O'Hara", "O'Keefe", "O'Sullivan", "Okafor", "Pemberton", "Petrovic", "Quigley", "Ravenscroft",
        "Rosenthal", "Sandoval", "Schuster", "Sinclair", "Szabo", "Takahashi", "Thistlewood", "Underhill",
        "Vasquez", "Van der Berg", "Wakefield", "Whitcombe", "Yardley", "Zielinski",
    ]

    /// Mockaroo's dummy image URLs use these background/foreground pairs.
    static let colorPairs: [String] = [
        "5fa2dd/ffffff", "dddddd/000000", "ff4444/ffffff", "cc0000/ffffff", "5cb85c/ffffff",
    ]

    static let imageFormats: [String] = ["png", "jpg", "bmp"]
}
