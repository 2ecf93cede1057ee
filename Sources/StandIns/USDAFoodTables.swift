/// The rows the food catalogue is generated from. Food names, groups, nutrient names, numbers
/// and typical amounts are facts of the public USDA data; manufacturers, brands and products
/// are restlite's own inventions.
enum USDAFoodTables {
    /// The nutrients every food carries: FoodData Central id, SR number, name, unit, rank, and
    /// the key of the label panel (`labelNutrients`) when it has one.
    static let nutrients: [USDANutrient] = [
        USDANutrient(id: 1008, number: "208", name: "Energy", unit: "kcal", rank: 300, label: "calories"),
        USDANutrient(id: 1003, number: "203", name: "Protein", unit: "g", rank: 600, label: "protein"),
        USDANutrient(id: 1004, number: "204", name: "Total lipid (fat)", unit: "g", rank: 800, label: "fat"),
        USDANutrient(
            id: 1005, number: "205", name: "Carbohydrate, by difference", unit: "g", rank: 1110,
            label: "carbohydrates"),
        USDANutrient(
            id: 1079, number: "291", name: "Fiber, total dietary", unit: "g", rank: 1200, label: "fiber"),
        USDANutrient(
            id: 2000, number: "269", name: "Sugars, total including NLEA", unit: "g", rank: 1510,
            label: "sugars"),
        USDANutrient(id: 1087, number: "301", name: "Calcium, Ca", unit: "mg", rank: 5300, label: "calcium"),
        USDANutrient(id: 1089, number: "303", name: "Iron, Fe", unit: "mg", rank: 5400, label: "iron"),
        USDANutrient(
            id: 1092, number: "306", name: "Potassium, K", unit: "mg", rank: 5700, label: "potassium"),
        USDANutrient(id: 1093, number: "307", name: "Sodium, Na", unit: "mg", rank: 5800, label: "sodium"),
        USDANutrient(
            id: 1162, number: "401", name: "Vitamin C, total ascorbic acid", unit: "mg", rank: 6300,
            label: nil),
        USDANutrient(
            id: 1253, number: "601", name: "Cholesterol", unit: "mg", rank: 15700, label: "cholesterol"),
        USDANutrient(
            id: 1258, number: "606", name: "Fatty acids, total saturated", unit: "g", rank: 9700,
            label: "saturatedFat"),
        USDANutrient(
            id: 1257, number: "605", name: "Fatty acids, total trans", unit: "g", rank: 15400,
            label: "transFat"),
    ]

    /// Typical amounts per 100 g of each kind of food, in `nutrients` order:
    /// kcal protein fat carbohydrate fibre sugars Ca Fe K Na vitamin-C cholesterol saturated trans.
    static let profiles: [String: [Double]] = [
        "nutbutter": [588, 25, 50, 20, 6, 9, 43, 1.9, 649, 17, 0, 0, 10, 0],
        "nuts": [607, 20, 54, 21, 9, 4.5, 70, 3, 630, 5, 0.5, 0, 7, 0],
        "cheese": [403, 25, 33, 1.3, 0, 0.5, 721, 0.7, 98, 621, 0, 105, 21, 1.2],
        "softcheese": [98, 11, 4.3, 3.4, 0, 2.7, 83, 0.1, 104, 364, 0, 17, 1.7, 0.1],
        "fruit": [52, 0.3, 0.2, 14, 2.4, 10, 6, 0.1, 107, 1, 4.6, 0, 0, 0],
        "cannedfruit": [74, 0.4, 0.1, 19, 1.3, 17, 4, 0.3, 90, 6, 3, 0, 0, 0],
        "driedfruit": [243, 0.9, 0.3, 66, 8.7, 57, 14, 1.4, 450, 87, 3.9, 0, 0, 0],
        "juice": [46, 0.1, 0.1, 11, 0.2, 10, 8, 0.1, 101, 4, 1, 0, 0, 0],
        "applesauce": [68, 0.2, 0.1, 17, 1.2, 15, 3, 0.2, 75, 2, 1, 0, 0, 0],
        "vegetable": [30, 1.5, 0.2, 6, 2.5, 2.5, 30, 0.6, 250, 30, 20, 0, 0, 0],
        "starchyveg": [77, 2, 0.1, 17, 2.2, 0.8, 12, 0.8, 425, 6, 19.7, 0, 0, 0],
        "beef": [250, 26, 15, 0, 0, 0, 18, 2.6, 318, 72, 0, 90, 6, 0.9],
        "pork": [242, 27, 14, 0, 0, 0, 19, 0.9, 423, 62, 0.6, 80, 5, 0.1],
        "poultry": [165, 31, 3.6, 0, 0, 0, 15, 1, 256, 74, 0, 85, 1, 0],
        "deli": [104, 17, 2, 4, 0, 3, 8, 1, 300, 1015, 0, 44, 0.6, 0],
        "sausage": [301, 12, 27, 2, 0, 1, 11, 1.3, 200, 900, 0, 70, 10, 0.2],
        "fish": [206, 22, 12, 0, 0, 0, 12, 0.3, 384, 61, 0, 63, 2.5, 0],
        "bread": [265, 9, 3.2, 49, 2.7, 5, 150, 3.6, 115, 490, 0, 0, 0.7, 0],
        "cereal": [379, 7, 2, 84, 3, 20, 30, 12, 150, 500, 6, 0, 0.4, 0],
        "grain": [130, 2.7, 0.3, 28, 0.4, 0.1, 10, 1.2, 35, 1, 0, 0, 0.1, 0],
        "pasta": [158, 5.8, 0.9, 31, 1.8, 0.6, 7, 1.3, 44, 1, 0, 0, 0.2, 0],
        "milk": [61, 3.2, 3.3, 4.8, 0, 5, 113, 0, 132, 43, 0, 10, 1.9, 0.1],
        "yogurt": [61, 3.5, 3.3, 4.7, 0, 4.7, 121, 0.1, 155, 46, 0.5, 13, 2.1, 0],
        "butter": [717, 0.9, 81, 0.1, 0, 0.1, 24, 0, 24, 643, 0, 215, 51, 3.3],
        "oil": [884, 0, 100, 0, 0, 0, 1, 0.6, 1, 2, 0, 0, 14, 0.5],
        "dressing": [430, 1, 44, 7, 0.3, 5, 20, 0.3, 60, 900, 1, 20, 7, 0.2],
        "chips": [536, 7, 35, 53, 4.4, 0.3, 24, 1.6, 1275, 525, 20, 0, 3.1, 0],
        "crackers": [440, 9, 14, 70, 3, 6, 60, 4, 150, 800, 0, 0, 3, 0],
        "sweets": [480, 5, 22, 65, 2, 35, 40, 2.5, 150, 300, 0, 15, 9, 0.2],
        "chocolate": [535, 7.7, 30, 59, 3.4, 52, 189, 2.4, 372, 79, 0, 23, 18, 0],
        "candy": [390, 0, 0.2, 98, 0, 63, 3, 0.3, 5, 38, 0, 0, 0, 0],
        "jam": [250, 0.4, 0.1, 65, 1, 48, 20, 0.5, 77, 32, 8, 0, 0, 0],
        "soda": [41, 0, 0, 10.6, 0, 10, 2, 0.1, 2, 4, 0, 0, 0, 0],
        "drink": [2, 0.1, 0, 0.3, 0, 0, 2, 0, 49, 2, 0, 0, 0, 0],
        "legumes": [130, 8, 0.5, 23, 7, 0.5, 40, 2.5, 400, 240, 1, 0, 0.1, 0],
        "soup": [40, 2, 1.2, 5.5, 0.8, 1.5, 12, 0.4, 120, 350, 1, 3, 0.4, 0],
        "sauce": [80, 1.5, 3, 12, 1.5, 8, 20, 0.8, 300, 500, 5, 2, 0.5, 0],
        "egg": [143, 12.6, 9.5, 0.7, 0, 0.4, 56, 1.75, 138, 142, 0, 372, 3.1, 0],
        "icecream": [207, 3.5, 11, 24, 0.7, 21, 128, 0.1, 199, 80, 0.6, 44, 6.8, 0.3],
        "baked": [380, 5, 17, 52, 1.6, 25, 30, 1.8, 110, 330, 0, 30, 7, 0.2],
        "pizza": [266, 11, 10, 33, 2.3, 3.6, 190, 2.5, 170, 600, 1, 20, 4.5, 0.2],
        "spice": [250, 10, 4, 60, 25, 2, 800, 30, 1200, 40, 3, 0, 1, 0],
        "salt": [0, 0, 0, 0, 0, 0, 24, 0.3, 8, 38_758, 0, 0, 0, 0],
        "hummus": [166, 7.9, 9.6, 14, 6, 0.3, 38, 2.4, 228, 379, 0, 0, 1.4, 0],
    ]

    /// Standard Reference foods: `group code|group|kind|base name|forms` (`;`-separated; an
    /// empty form is the base name alone).
    static let generic = """
        09|Fruits and Fruit Juices|fruit|Apples|raw, with skin;raw, without skin;raw, fuji, with skin;raw, gala, with skin;raw, granny smith, with skin;raw, red delicious, with skin;dried, sulfured, uncooked;frozen, unsweetened, unheated;canned, sweetened, sliced, drained, heated
        09|Fruits and Fruit Juices|juice|Apple juice|canned or bottled, unsweetened, without added ascorbic acid;canned or bottled, unsweetened, with added ascorbic acid;frozen concentrate, unsweetened, diluted with 3 volume water
        09|Fruits and Fruit Juices|applesauce|Applesauce|canned, unsweetened, without added ascorbic acid;canned, sweetened, without salt
        09|Fruits and Fruit Juices|fruit|Apricots|raw;canned, heavy syrup pack, with skin, solids and liquids;dried, sulfured, uncooked
        09|Fruits and Fruit Juices|fruit|Avocados|raw, all commercial varieties;raw, California;raw, Florida
        09|Fruits and Fruit Juices|fruit|Bananas|raw;dehydrated, or banana powder
        09|Fruits and Fruit Juices|fruit|Blackberries|raw;frozen, unsweetened
        09|Fruits and Fruit Juices|fruit|Blueberries|raw;frozen, unsweetened;canned, heavy syrup, solids and liquids;dried, sweetened
        09|Fruits and Fruit Juices|fruit|Cherries|sweet, raw;sour, red, raw;sweet, canned, water pack, solids and liquids
        09|Fruits and Fruit Juices|fruit|Cranberries|raw;dried, sweetened
        09|Fruits and Fruit Juices|fruit|Dates|medjool;deglet noor
        09|Fruits and Fruit Juices|fruit|Figs|raw;dried, uncooked
        09|Fruits and Fruit Juices|fruit|Grapefruit|raw, pink and red, all areas;raw, white, all areas
        09|Fruits and Fruit Juices|juice|Grape juice|canned or bottled, unsweetened, without added ascorbic acid
        09|Fruits and Fruit Juices|fruit|Grapes|red or green (European type, such as Thompson seedless), raw;muscadine, raw
        09|Fruits and Fruit Juices|fruit|Kiwifruit|green, raw;gold, raw
        09|Fruits and Fruit Juices|fruit|Lemons|raw, without peel
        09|Fruits and Fruit Juices|juice|Lemon juice|raw;from concentrate, canned or bottled
        09|Fruits and Fruit Juices|fruit|Limes|raw
        09|Fruits and Fruit Juices|fruit|Mangos|raw
        09|Fruits and Fruit Juices|fruit|Melons|cantaloupe, raw;honeydew, raw
        09|Fruits and Fruit Juices|fruit|Nectarines|raw
        09|Fruits and Fruit Juices|fruit|Oranges|raw, all commercial varieties;raw, navels;raw, valencias
        09|Fruits and Fruit Juices|juice|Orange juice|raw;chilled, includes from concentrate;frozen concentrate, unsweetened, diluted with 3 volume water
        09|Fruits and Fruit Juices|fruit|Papayas|raw
        09|Fruits and Fruit Juices|fruit|Peaches|yellow, raw;canned, heavy syrup pack, solids and liquids;canned, juice pack, solids and liquids;frozen, sliced, sweetened
        09|Fruits and Fruit Juices|fruit|Pears|raw;raw, bartlett;canned, light syrup pack, solids and liquids
        09|Fruits and Fruit Juices|fruit|Pineapple|raw, all varieties;canned, juice pack, solids and liquids
        09|Fruits and Fruit Juices|juice|Pineapple juice|canned or bottled, unsweetened, without added ascorbic acid
        09|Fruits and Fruit Juices|fruit|Plums|raw;dried (prunes), uncooked
        09|Fruits and Fruit Juices|fruit|Pomegranates|raw
        09|Fruits and Fruit Juices|fruit|Raspberries|raw;frozen, red, sweetened
        09|Fruits and Fruit Juices|fruit|Strawberries|raw;frozen, unsweetened;frozen, sweetened, sliced
        09|Fruits and Fruit Juices|fruit|Tangerines, (mandarin oranges)|raw;canned, light syrup pack
        09|Fruits and Fruit Juices|fruit|Watermelon|raw
        09|Fruits and Fruit Juices|driedfruit|Raisins|seedless;golden, seedless
        01|Dairy and Egg Products|cheese|Cheese, cheddar|;sharp, sliced;mild;reduced fat;low sodium;nonfat or fat free;shredded
        01|Dairy and Egg Products|cheese|Cheese, mozzarella|whole milk;low moisture, part-skim;nonfat;shredded
        01|Dairy and Egg Products|cheese|Cheese, provolone|;reduced fat
        01|Dairy and Egg Products|cheese|Cheese, swiss|;low fat;low sodium
        01|Dairy and Egg Products|cheese|Cheese, parmesan|grated;hard;shredded
        01|Dairy and Egg Products|cheese|Cheese, colby|;low fat
        01|Dairy and Egg Products|cheese|Cheese, monterey|;low fat
        01|Dairy and Egg Products|cheese|Cheese, gouda|
        01|Dairy and Egg Products|cheese|Cheese, brie|
        01|Dairy and Egg Products|cheese|Cheese, blue|
        01|Dairy and Egg Products|cheese|Cheese, feta|
        01|Dairy and Egg Products|cheese|Cheese, muenster|;low fat
        01|Dairy and Egg Products|cheese|Cheese, fontina|
        01|Dairy and Egg Products|cheese|Cheese, pasteurized process, American|fortified with vitamin D;low fat
        01|Dairy and Egg Products|softcheese|Cheese, cottage|creamed, large or small curd;lowfat, 2% milkfat;nonfat, uncreamed, dry
        01|Dairy and Egg Products|softcheese|Cheese, ricotta|whole milk;part skim milk
        01|Dairy and Egg Products|cheese|Cheese, cream|;low fat;fat free
        01|Dairy and Egg Products|milk|Milk|whole, 3.25% milkfat, with added vitamin D;reduced fat, fluid, 2% milkfat, with added vitamin A and vitamin D;lowfat, fluid, 1% milkfat, with added vitamin A and vitamin D;nonfat, fluid, with added vitamin A and vitamin D (fat free or skim);chocolate, fluid, commercial, whole, with added vitamin A and vitamin D;buttermilk, fluid, cultured, lowfat
        01|Dairy and Egg Products|yogurt|Yogurt|plain, whole milk;plain, low fat;Greek, plain, nonfat;Greek, strawberry, lowfat;fruit, low fat, 10 grams protein per 8 ounce;vanilla, low fat
        01|Dairy and Egg Products|butter|Butter|salted;without salt;whipped, with salt;light, stick, with salt
        01|Dairy and Egg Products|oil|Butter oil|anhydrous
        01|Dairy and Egg Products|egg|Egg|whole, raw, fresh;whole, cooked, hard-boiled;whole, cooked, scrambled;whole, cooked, fried;white, raw, fresh;yolk, raw, fresh
        01|Dairy and Egg Products|milk|Cream|fluid, heavy whipping;fluid, half and half;sour, cultured
        01|Dairy and Egg Products|icecream|Ice creams|vanilla;chocolate;strawberry
        12|Nut and Seed Products|nutbutter|Peanut butter|smooth style, with salt;smooth style, without salt;chunk style, with salt;chunk style, without salt;smooth, reduced fat;smooth, vitamin and mineral fortified
        12|Nut and Seed Products|nuts|Peanuts|all types, raw;all types, dry-roasted, with salt;all types, dry-roasted, without salt;all types, oil-roasted, with salt
        12|Nut and Seed Products|nuts|Nuts, almonds|;dry roasted, with salt added;blanched;oil roasted, without salt added
        12|Nut and Seed Products|nutbutter|Nuts, almond butter|plain, without salt added;plain, with salt added
        12|Nut and Seed Products|nuts|Nuts, cashew nuts|raw;dry roasted, with salt added
        12|Nut and Seed Products|nutbutter|Nuts, cashew butter|plain, without salt added
        12|Nut and Seed Products|nuts|Nuts, walnuts|english;black, dried
        12|Nut and Seed Products|nuts|Nuts, pecans|
        12|Nut and Seed Products|nuts|Nuts, pistachio nuts|raw;dry roasted, with salt added
        12|Nut and Seed Products|nuts|Nuts, macadamia nuts|raw
        12|Nut and Seed Products|nuts|Nuts, hazelnuts or filberts|
        12|Nut and Seed Products|nuts|Nuts, mixed nuts|dry roasted, with peanuts, with salt added
        12|Nut and Seed Products|nuts|Seeds, sunflower seed kernels|dried;dry roasted, with salt added
        12|Nut and Seed Products|nuts|Seeds, pumpkin and squash seed kernels|dried;roasted, with salt added
        12|Nut and Seed Products|nuts|Seeds, chia seeds|dried
        12|Nut and Seed Products|nuts|Seeds, flaxseed|
        12|Nut and Seed Products|nutbutter|Seeds, sesame butter|tahini, from roasted and toasted kernels
        11|Vegetables and Vegetable Products|vegetable|Asparagus|raw;cooked, boiled, drained;canned, regular pack, solids and liquids;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Beans, snap, green|raw;cooked, boiled, drained, without salt;canned, regular pack, solids and liquids;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Beets|raw;cooked, boiled, drained;canned, drained solids
        11|Vegetables and Vegetable Products|vegetable|Broccoli|raw;cooked, boiled, drained, without salt;frozen, chopped, unprepared
        11|Vegetables and Vegetable Products|vegetable|Brussels sprouts|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Cabbage|raw;cooked, boiled, drained, without salt;red, raw
        11|Vegetables and Vegetable Products|vegetable|Carrots|raw;cooked, boiled, drained, without salt;baby, raw;canned, regular pack, solids and liquids;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Cauliflower|raw;cooked, boiled, drained, without salt;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Celery|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|starchyveg|Corn, sweet, yellow|raw;cooked, boiled, drained, without salt;canned, whole kernel, drained solids;frozen, kernels cut off cob, unprepared
        11|Vegetables and Vegetable Products|vegetable|Cucumber|with peel, raw;peeled, raw
        11|Vegetables and Vegetable Products|vegetable|Eggplant|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Garlic|raw
        11|Vegetables and Vegetable Products|vegetable|Kale|raw;cooked, boiled, drained, without salt;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Lettuce|iceberg (includes crisphead types), raw;cos or romaine, raw;green leaf, raw
        11|Vegetables and Vegetable Products|vegetable|Mushrooms|white, raw;white, cooked, boiled, drained, without salt;portabella, exposed to ultraviolet light, grilled;canned, drained solids
        11|Vegetables and Vegetable Products|vegetable|Onions|raw;cooked, boiled, drained, without salt;spring or scallions (includes tops and bulb), raw;frozen, chopped, unprepared
        11|Vegetables and Vegetable Products|starchyveg|Peas, green|raw;cooked, boiled, drained, without salt;canned, regular pack, drained solids;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Peppers, sweet, red|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Peppers, sweet, green|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Peppers, jalapeno|raw;canned, solids and liquids
        11|Vegetables and Vegetable Products|starchyveg|Potatoes|flesh and skin, raw;baked, flesh and skin, without salt;boiled, cooked in skin, flesh, without salt;mashed, home-prepared, whole milk and butter added;french fried, frozen, unprepared
        11|Vegetables and Vegetable Products|starchyveg|Sweet potato|raw, unprepared;cooked, baked in skin, flesh, without salt;canned, vacuum pack
        11|Vegetables and Vegetable Products|vegetable|Pumpkin|raw;canned, without salt
        11|Vegetables and Vegetable Products|vegetable|Radishes|raw
        11|Vegetables and Vegetable Products|vegetable|Spinach|raw;cooked, boiled, drained, without salt;canned, regular pack, drained solids;frozen, chopped or leaf, unprepared
        11|Vegetables and Vegetable Products|vegetable|Squash, summer, zucchini|includes skin, raw;includes skin, cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Tomatoes, red, ripe|raw, year round average;cooked;canned, packed in tomato juice
        11|Vegetables and Vegetable Products|sauce|Tomato products|canned, paste, without salt added;canned, puree, without salt added;canned, sauce
        11|Vegetables and Vegetable Products|vegetable|Turnips|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Artichokes, (globe or french)|raw;cooked, boiled, drained, without salt
        11|Vegetables and Vegetable Products|vegetable|Okra|raw;frozen, unprepared
        11|Vegetables and Vegetable Products|vegetable|Leeks, (bulb and lower leaf-portion)|raw
        13|Beef Products|beef|Beef, ground|70% lean meat / 30% fat, raw;75% lean meat / 25% fat, raw;80% lean meat / 20% fat, raw;80% lean meat / 20% fat, patty, cooked, broiled;85% lean meat / 15% fat, raw;85% lean meat / 15% fat, pan-browned;90% lean meat / 10% fat, raw;93% lean meat / 7% fat, raw;95% lean meat / 5% fat, raw
        13|Beef Products|beef|Beef, loin, top sirloin steak|separable lean only, trimmed to 1/8 inch fat, choice, raw;separable lean only, trimmed to 1/8 inch fat, choice, cooked, broiled;separable lean and fat, trimmed to 1/8 inch fat, select, cooked, grilled
        13|Beef Products|beef|Beef, rib eye steak, boneless|lip off, separable lean only, trimmed to 0 inch fat, choice, raw;lip off, separable lean and fat, trimmed to 0 inch fat, choice, cooked, grilled
        13|Beef Products|beef|Beef, brisket, flat half|separable lean only, trimmed to 0 inch fat, all grades, raw;separable lean and fat, trimmed to 1/8 inch fat, all grades, cooked, braised
        13|Beef Products|beef|Beef, chuck, arm pot roast|separable lean only, trimmed to 1/8 inch fat, choice, cooked, braised
        13|Beef Products|beef|Beef, round, eye of round roast, boneless|separable lean only, trimmed to 0 inch fat, select, cooked, roasted
        13|Beef Products|beef|Beef, short loin, t-bone steak|separable lean and fat, trimmed to 1/8 inch fat, choice, cooked, grilled
        13|Beef Products|deli|Beef, cured, corned beef|brisket, cooked;canned
        05|Poultry Products|poultry|Chicken, broilers or fryers, breast|meat only, raw;meat only, cooked, roasted;meat and skin, cooked, fried, batter;meat and skin, cooked, roasted
        05|Poultry Products|poultry|Chicken, broilers or fryers, thigh|meat only, raw;meat only, cooked, roasted;meat and skin, cooked, fried, flour
        05|Poultry Products|poultry|Chicken, broilers or fryers, drumstick|meat only, cooked, roasted;meat and skin, cooked, fried, batter
        05|Poultry Products|poultry|Chicken, broilers or fryers, wing|meat and skin, raw;meat and skin, cooked, roasted;meat and skin, cooked, fried, batter
        05|Poultry Products|poultry|Chicken, ground|raw;crumbles, cooked, pan-browned
        05|Poultry Products|poultry|Turkey, whole|meat only, raw;meat only, cooked, roasted;breast, meat only, cooked, roasted
        05|Poultry Products|poultry|Turkey, ground|93% lean, 7% fat, raw;93% lean, 7% fat, pan-broiled crumbles;fat free, raw
        05|Poultry Products|deli|Turkey breast|sliced, oven roasted, luncheon meat;smoked, lemon pepper flavor, 97% fat-free
        05|Poultry Products|poultry|Duck, domesticated|meat only, cooked, roasted
        10|Pork Products|pork|Pork, fresh, loin, center rib (chops or roasts), boneless|separable lean only, raw;separable lean only, cooked, roasted
        10|Pork Products|pork|Pork, fresh, loin, tenderloin|separable lean only, raw;separable lean only, cooked, roasted
        10|Pork Products|pork|Pork, fresh, ground|raw;cooked
        10|Pork Products|pork|Pork, fresh, spareribs|separable lean and fat, cooked, braised
        10|Pork Products|sausage|Pork, cured, bacon|unprepared;cooked, baked;cooked, microwaved;pre-sliced, cooked, pan-fried
        10|Pork Products|deli|Pork, cured, ham|boneless, regular (approximately 11% fat), roasted;extra lean (approximately 4% fat), canned, unheated
        07|Sausages and Luncheon Meats|sausage|Frankfurter|beef, unheated;meat, heated;low fat
        07|Sausages and Luncheon Meats|sausage|Sausage|Italian, pork, mild, cooked, pan-fried;pork, chorizo, link or ground, cooked, pan-fried;smoked link sausage, pork and beef;breakfast sausage, turkey
        07|Sausages and Luncheon Meats|sausage|Bologna|beef;chicken, pork, beef
        07|Sausages and Luncheon Meats|sausage|Salami|cooked, beef;dry or hard, pork, beef
        07|Sausages and Luncheon Meats|sausage|Pepperoni|beef and pork, sliced
        15|Finfish and Shellfish Products|fish|Fish, salmon, Atlantic|farmed, raw;farmed, cooked, dry heat;wild, raw;wild, cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, salmon, pink|canned, total can contents;raw
        15|Finfish and Shellfish Products|fish|Fish, tuna|light, canned in water, drained solids;light, canned in oil, drained solids;white, canned in water, drained solids;fresh, yellowfin, raw;skipjack, fresh, cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, cod, Atlantic|raw;cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, tilapia|raw;cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, trout, rainbow|farmed, raw;farmed, cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, halibut, Atlantic and Pacific|raw;cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, sardine, Atlantic|canned in oil, drained solids with bone
        15|Finfish and Shellfish Products|fish|Fish, mackerel, Atlantic|raw;cooked, dry heat
        15|Finfish and Shellfish Products|fish|Fish, catfish, channel|farmed, raw;cooked, breaded and fried
        15|Finfish and Shellfish Products|fish|Crustaceans, shrimp|raw;cooked;breaded and fried
        15|Finfish and Shellfish Products|fish|Crustaceans, crab, blue|raw;cooked, moist heat;canned
        15|Finfish and Shellfish Products|fish|Mollusks, scallop, mixed species|raw;breaded and fried
        16|Legume and Legume Products|legumes|Beans, black, mature seeds|raw;cooked, boiled, without salt;canned, low sodium
        16|Legume and Legume Products|legumes|Beans, kidney, red, mature seeds|raw;cooked, boiled, without salt;canned, solids and liquids
        16|Legume and Legume Products|legumes|Beans, pinto, mature seeds|raw;cooked, boiled, without salt;canned, drained solids
        16|Legume and Legume Products|legumes|Beans, navy, mature seeds|raw;cooked, boiled, without salt
        16|Legume and Legume Products|legumes|Beans, great northern, mature seeds|raw;canned
        16|Legume and Legume Products|legumes|Chickpeas (garbanzo beans, bengal gram), mature seeds|raw;cooked, boiled, without salt;canned, drained, rinsed in tap water
        16|Legume and Legume Products|legumes|Lentils|raw;mature seeds, cooked, boiled, without salt;pink or red, raw
        16|Legume and Legume Products|legumes|Lima beans, large, mature seeds|raw;cooked, boiled, without salt
        16|Legume and Legume Products|legumes|Beans, baked|canned, plain or vegetarian;canned, with pork and tomato sauce
        16|Legume and Legume Products|legumes|Refried beans|canned, traditional style
        16|Legume and Legume Products|hummus|Hummus|commercial;home prepared
        16|Legume and Legume Products|legumes|Tofu|raw, firm, prepared with calcium sulfate;raw, regular, prepared with calcium sulfate;extra firm, prepared with nigari
        16|Legume and Legume Products|milk|Soymilk|original and vanilla, with added calcium, vitamins A and D;unsweetened, with added calcium, vitamins A and D
        20|Cereal Grains and Pasta|grain|Rice, white, long-grain, regular|raw, enriched;cooked, enriched;unenriched, cooked without salt
        20|Cereal Grains and Pasta|grain|Rice, brown, long-grain|raw;cooked
        20|Cereal Grains and Pasta|grain|Rice, white, medium-grain|raw, enriched;cooked, enriched
        20|Cereal Grains and Pasta|cereal|Oats|regular and quick, not fortified, dry
        20|Cereal Grains and Pasta|grain|Quinoa|uncooked;cooked
        20|Cereal Grains and Pasta|grain|Barley, pearled|raw;cooked
        20|Cereal Grains and Pasta|grain|Couscous|dry;cooked
        20|Cereal Grains and Pasta|pasta|Pasta|dry, enriched;cooked, enriched, without added salt;whole-wheat, dry;whole-wheat, cooked
        20|Cereal Grains and Pasta|pasta|Noodles, egg|dry, enriched;cooked, enriched
        20|Cereal Grains and Pasta|cereal|Wheat flour, white, all-purpose|enriched, bleached;unenriched
        20|Cereal Grains and Pasta|cereal|Wheat flour, whole-grain|
        20|Cereal Grains and Pasta|cereal|Cornmeal, whole-grain, yellow|
        18|Baked Products|bread|Bread, white|commercially prepared (includes soft bread crumbs);commercially prepared, toasted
        18|Baked Products|bread|Bread, whole-wheat|commercially prepared;commercially prepared, toasted
        18|Baked Products|bread|Bread, rye|;toasted
        18|Baked Products|bread|Bread, multi-grain|includes whole-grain;toasted
        18|Baked Products|bread|Bread, pita|white, enriched;whole-wheat
        18|Baked Products|bread|Bread, french or vienna|includes sourdough
        18|Baked Products|bread|Bread, raisin|enriched
        18|Baked Products|bread|Bagels|plain, enriched, with calcium propionate (includes onion, poppy, sesame);cinnamon-raisin;whole-grain white
        18|Baked Products|baked|Muffins|blueberry, commercially prepared;corn, commercially prepared
        18|Baked Products|baked|Croissants|butter
        18|Baked Products|crackers|Crackers|saltines (includes oyster, soda, soup);whole-wheat;cheese, regular;graham, plain or honey
        18|Baked Products|baked|Cookies|chocolate chip, commercially prepared, regular, higher fat, enriched;oatmeal, commercially prepared, regular;sugar, commercially prepared, regular;peanut butter, commercially prepared, regular
        18|Baked Products|baked|Cake|chocolate, commercially prepared with chocolate frosting;yellow, commercially prepared, with chocolate frosting;pound, commercially prepared, butter
        18|Baked Products|baked|Pie|apple, commercially prepared, enriched flour;pumpkin, commercially prepared;cherry, commercially prepared;pecan, commercially prepared
        18|Baked Products|baked|Doughnuts|cake-type, plain (includes unsugared, old-fashioned);yeast-leavened, glazed, enriched
        18|Baked Products|bread|Pancakes|plain, frozen, ready-to-heat;buttermilk, prepared from recipe
        18|Baked Products|bread|Waffles|plain, frozen, ready-to-heat
        18|Baked Products|bread|Tortillas|ready-to-bake or -fry, corn;ready-to-bake or -fry, flour, refrigerated
        18|Baked Products|bread|English muffins|plain, enriched, with calcium propionate (includes sourdough)
        14|Beverages|soda|Beverages, carbonated|cola, contains caffeine;lemon-lime soda, no caffeine;ginger ale;root beer;tonic water
        14|Beverages|drink|Beverages, coffee|brewed, prepared with tap water;instant, regular, prepared with water
        14|Beverages|drink|Beverages, tea|black, brewed, prepared with tap water;green, brewed, regular
        14|Beverages|soda|Beverages, sports drink|fruit-flavored, ready-to-drink
        14|Beverages|soda|Beverages, lemonade|frozen concentrate, white, prepared with water
        14|Beverages|soda|Beverages, almond milk|unsweetened, shelf stable;sweetened, vanilla flavor, ready-to-drink
        14|Beverages|drink|Beverages, water|tap, drinking;bottled, generic
        14|Beverages|soda|Alcoholic beverage|beer, regular, all;wine, table, red;wine, table, white
        04|Fats and Oils|oil|Oil|olive, salad or cooking;canola;soybean, salad or cooking;corn, industrial and retail, all purpose salad or cooking;coconut;sunflower, linoleic, (approx. 65%)
        04|Fats and Oils|butter|Margarine|regular, 80% fat, composite, stick, with salt;margarine-like spread, approximately 60% fat, tub, soybean
        04|Fats and Oils|dressing|Salad dressing|ranch dressing, regular;italian dressing, commercial, regular;blue or roquefort cheese dressing, commercial, regular;french dressing, commercial, regular;thousand island, commercial, regular;mayonnaise, regular
        04|Fats and Oils|oil|Shortening|household, soybean (partially hydrogenated)-cottonseed (partially hydrogenated)
        19|Sweets|candy|Sugars|granulated;brown;powdered
        19|Sweets|candy|Honey|
        19|Sweets|candy|Syrups|maple;table blends, pancake
        19|Sweets|jam|Jams and preserves|;apricot
        19|Sweets|jam|Jellies|
        19|Sweets|chocolate|Candies|milk chocolate;dark chocolate 70-85% cacao solids;semisweet chocolate;milk chocolate coated peanuts
        19|Sweets|candy|Candies|hard;gumdrops, starch jelly pieces;caramels;marshmallows
        19|Sweets|sweets|Puddings|chocolate, ready-to-eat;vanilla, ready-to-eat
        19|Sweets|candy|Gelatin desserts|dry mix, prepared with water
        25|Snacks|chips|Snacks, potato chips|plain, salted;barbecue-flavor;sour-cream-and-onion-flavor;reduced fat;plain, unsalted
        25|Snacks|chips|Snacks, tortilla chips|plain, white corn, salted;nacho cheese;low fat, baked, without fat
        25|Snacks|chips|Snacks, popcorn|air-popped;oil-popped, microwave, regular flavor, no trans fat;caramel-coated, with peanuts
        25|Snacks|crackers|Snacks, pretzels|hard, plain, salted;hard, whole-wheat including both salted and unsalted
        25|Snacks|nuts|Snacks, trail mix|regular;tropical
        25|Snacks|sweets|Snacks, granola bars|hard, plain;soft, uncoated, chocolate chip;soft, uncoated, peanut butter
        25|Snacks|crackers|Snacks, rice cakes|brown rice, plain
        25|Snacks|driedfruit|Snacks, fruit leather|rolls
        06|Soups, Sauces, and Gravies|soup|Soup, chicken noodle|canned, condensed;canned, prepared with equal volume water;chunky, ready-to-serve
        06|Soups, Sauces, and Gravies|soup|Soup, tomato|canned, condensed;canned, prepared with equal volume water;low sodium, with water
        06|Soups, Sauces, and Gravies|soup|Soup, vegetable beef|canned, condensed;canned, prepared with equal volume water
        06|Soups, Sauces, and Gravies|soup|Soup, cream of mushroom|canned, condensed;canned, prepared with equal volume milk
        06|Soups, Sauces, and Gravies|soup|Soup, minestrone|canned, reduced sodium, ready-to-serve
        06|Soups, Sauces, and Gravies|soup|Soup, clam chowder, new england|canned, ready-to-serve
        06|Soups, Sauces, and Gravies|soup|Soup, stock|chicken, home-prepared;beef, prepared from recipe
        06|Soups, Sauces, and Gravies|sauce|Sauce|pasta, spaghetti/marinara, ready-to-serve;salsa, ready-to-serve;barbecue;teriyaki, ready-to-serve;alfredo mix, dry;cheese, ready-to-serve
        06|Soups, Sauces, and Gravies|sauce|Gravy|brown, canned;turkey, canned
        11|Vegetables and Vegetable Products|sauce|Catsup|;low sodium
        02|Spices and Herbs|spice|Spices|pepper, black;cinnamon, ground;garlic powder;onion powder;paprika;chili powder;oregano, dried;basil, dried;cumin seed;ginger, ground;turmeric, ground
        02|Spices and Herbs|sauce|Mustard|prepared, yellow
        02|Spices and Herbs|salt|Salt|table
        02|Spices and Herbs|sauce|Vinegar|cider;balsamic
        08|Breakfast Cereals|cereal|Cereals ready-to-eat|corn flakes, plain;toasted oat rings;bran flakes;raisin bran;crisp rice;frosted corn flakes;granola, homemade;wheat, shredded, plain, sugar and salt free
        08|Breakfast Cereals|grain|Cereals|oats, regular and quick, not fortified, cooked with water, without salt;oats, instant, fortified, plain, prepared with water;corn grits, white, regular and quick, enriched, cooked with water, without salt
        22|Meals, Entrees, and Side Dishes|pizza|Pizza|cheese topping, regular crust, frozen, cooked;pepperoni topping, regular crust, frozen, cooked;meat and vegetable topping, rising crust, frozen, cooked
        22|Meals, Entrees, and Side Dishes|pizza|Macaroni and cheese|dry mix, prepared with 2% milk and 80% stick margarine from dry mix;frozen entree
        22|Meals, Entrees, and Side Dishes|pizza|Burrito|beef and bean, frozen, microwaved
        22|Meals, Entrees, and Side Dishes|pizza|Lasagna|cheese, frozen, prepared
        """

    /// Branded products: `kind|category|serving|unit|household|product words|modifiers|ingredients`.
    /// Each maker's product takes up to two modifiers (`,`-separated) before the words.
    static let branded = """
        nutbutter|Nut & Seed Butters|32|g|2 Tbsp|PEANUT BUTTER|NATURAL,CREAMY,CRUNCHY,ORGANIC,REDUCED FAT,HONEY ROASTED,NO STIR,SMOOTH,OLD FASHIONED,UNSALTED|PEANUTS, SALT
        nutbutter|Nut & Seed Butters|32|g|2 Tbsp|PEANUT BUTTER SPREAD|NATURAL,CREAMY,CRUNCHY,REDUCED FAT,CHOCOLATE|ROASTED PEANUTS, SUGAR, PALM OIL, SALT
        nutbutter|Nut & Seed Butters|32|g|2 Tbsp|ALMOND BUTTER|NATURAL,CREAMY,CRUNCHY,ROASTED,RAW,ORGANIC|DRY ROASTED ALMONDS
        nutbutter|Nut & Seed Butters|32|g|2 Tbsp|CASHEW BUTTER|NATURAL,CREAMY,ORGANIC|CASHEWS, SUNFLOWER OIL, SALT
        cheese|Cheese|28|g|1 oz|CHEDDAR CHEESE|SHARP,MILD,EXTRA SHARP,MEDIUM,WHITE,AGED,NATURAL,VERMONT,REDUCED FAT,SHREDDED,SLICED|PASTEURIZED MILK, CHEESE CULTURES, SALT, ENZYMES, ANNATTO (COLOR)
        cheese|Cheese|28|g|1/4 cup|FINELY SHREDDED CHEDDAR CHEESE|SHARP,MILD,MEXICAN STYLE|CHEDDAR CHEESE (PASTEURIZED MILK, CULTURES, SALT, ENZYMES, ANNATTO), POTATO STARCH, NATAMYCIN
        cheese|Cheese|21|g|1 slice|CHEDDAR CHEESE SLICES|SHARP,MILD,NATURAL|PASTEURIZED MILK, CHEESE CULTURES, SALT, ENZYMES
        cheese|Cheese|28|g|1 oz|MOZZARELLA CHEESE|LOW MOISTURE,PART SKIM,WHOLE MILK,SHREDDED,FRESH|PASTEURIZED PART-SKIM MILK, CHEESE CULTURES, SALT, ENZYMES
        cheese|Cheese|28|g|1 stick|STRING CHEESE|MOZZARELLA,LIGHT,COLBY JACK|PASTEURIZED PART-SKIM MILK, CHEESE CULTURES, SALT, ENZYMES
        cheese|Cheese|28|g|1 oz|COLBY JACK CHEESE|SHREDDED,SLICED,NATURAL|COLBY CHEESE, MONTEREY JACK CHEESE (PASTEURIZED MILK, CULTURES, SALT, ENZYMES), ANNATTO
        cheese|Cheese|28|g|1 oz|PEPPER JACK CHEESE|SLICED,SHREDDED,HOT|PASTEURIZED MILK, JALAPENO PEPPERS, CHEESE CULTURES, SALT, ENZYMES
        cheese|Cheese|21|g|1 slice|SWISS CHEESE|SLICED,BABY,LACEY,REDUCED FAT|PASTEURIZED PART-SKIM MILK, CHEESE CULTURES, SALT, ENZYMES
        cheese|Cheese|21|g|1 slice|AMERICAN CHEESE SINGLES|WHITE,YELLOW,REDUCED FAT|CHEDDAR CHEESE, WATER, MILK, SODIUM CITRATE, SALT, MILKFAT, SORBIC ACID, APOCAROTENAL (COLOR)
        cheese|Cheese|5|g|1 tsp|PARMESAN CHEESE|GRATED,SHREDDED,AGED|PART-SKIM MILK, CHEESE CULTURES, SALT, ENZYMES, CELLULOSE POWDER
        softcheese|Cheese|28|g|2 Tbsp|CREAM CHEESE|ORIGINAL,WHIPPED,REDUCED FAT,STRAWBERRY,CHIVE & ONION|PASTEURIZED MILK AND CREAM, SALT, CAROB BEAN GUM, CHEESE CULTURE
        softcheese|Cheese|113|g|1/2 cup|COTTAGE CHEESE|SMALL CURD,LARGE CURD,LOWFAT,4% MILKFAT|CULTURED PASTEURIZED SKIM MILK, CREAM, SALT, GUAR GUM, ENZYMES
        yogurt|Yogurt|170|g|1 container|GREEK YOGURT|PLAIN,VANILLA,STRAWBERRY,BLUEBERRY,NONFAT,HONEY,PEACH|CULTURED PASTEURIZED NONFAT MILK, LIVE ACTIVE CULTURES
        yogurt|Yogurt|170|g|1 container|LOWFAT YOGURT|STRAWBERRY,BLUEBERRY,VANILLA,PEACH,CHERRY,MIXED BERRY|CULTURED GRADE A LOWFAT MILK, SUGAR, FRUIT, MODIFIED CORN STARCH, PECTIN
        milk|Milk|240|ml|1 cup|MILK|WHOLE,2% REDUCED FAT,1% LOWFAT,FAT FREE,ORGANIC,LACTOSE FREE|GRADE A MILK, VITAMIN D3
        milk|Milk|240|ml|1 cup|CHOCOLATE MILK|LOWFAT,WHOLE,REDUCED FAT|LOWFAT MILK, SUGAR, COCOA, CORNSTARCH, SALT, CARRAGEENAN, VITAMIN A PALMITATE, VITAMIN D3
        butter|Butter & Spread|14|g|1 Tbsp|BUTTER|SALTED,UNSALTED,SWEET CREAM,WHIPPED,ORGANIC,IRISH|PASTEURIZED CREAM, SALT
        butter|Butter & Spread|14|g|1 Tbsp|BUTTERY SPREAD|ORIGINAL,LIGHT,OLIVE OIL|VEGETABLE OIL BLEND (SOYBEAN, PALM), WATER, SALT, SOY LECITHIN, NATURAL FLAVOR
        juice|Fruit & Vegetable Juice, Nectars & Fruit Drinks|240|ml|8 fl oz|APPLE JUICE|100%,ORGANIC,UNFILTERED,NOT FROM CONCENTRATE|APPLE JUICE FROM CONCENTRATE (WATER, APPLE JUICE CONCENTRATE), ASCORBIC ACID (VITAMIN C)
        juice|Fruit & Vegetable Juice, Nectars & Fruit Drinks|240|ml|8 fl oz|APPLE CIDER|SPARKLING,SPICED,FRESH PRESSED|PASTEURIZED APPLE CIDER
        applesauce|Canned Fruit|113|g|1 cup|APPLESAUCE|UNSWEETENED,ORIGINAL,CINNAMON,ORGANIC,CHUNKY|APPLES, WATER, ASCORBIC ACID (VITAMIN C)
        applesauce|Canned Fruit|90|g|1 pouch|APPLE SAUCE POUCHES|STRAWBERRY,MANGO,CINNAMON,ORGANIC|APPLE PUREE, FRUIT PUREE CONCENTRATE, ASCORBIC ACID
        driedfruit|Chips, Pretzels & Snacks|28|g|1 oz|APPLE CHIPS|CINNAMON,CRISPY,HONEYCRISP,ORGANIC|APPLES, CINNAMON
        driedfruit|Pre-Packaged Fruit & Vegetables|40|g|1/3 cup|DRIED APPLE RINGS|UNSULFURED,ORGANIC,CINNAMON|APPLES
        fruit|Pre-Packaged Fruit & Vegetables|154|g|1 apple|APPLES|GALA,FUJI,HONEYCRISP,GRANNY SMITH,PINK LADY,ORGANIC,SLICED|APPLES
        baked|Cakes, Cupcakes, Snack Cakes|125|g|1/8 pie|APPLE PIE|DUTCH,HOMESTYLE,LATTICE TOP,CARAMEL|APPLES, ENRICHED FLOUR, WATER, SUGAR, PALM OIL, CORN STARCH, SALT, CINNAMON
        sweets|Cakes, Cupcakes, Snack Cakes|45|g|1 pastry|APPLE TURNOVERS|GLAZED,FLAKY|ENRICHED FLOUR, APPLES, SUGAR, PALM OIL, WATER, CINNAMON
        cereal|Cereal|40|g|1 packet|INSTANT OATMEAL|APPLE CINNAMON,MAPLE & BROWN SUGAR,ORIGINAL,PEACHES & CREAM|WHOLE GRAIN ROLLED OATS, SUGAR, DEHYDRATED APPLES, CINNAMON, SALT, CALCIUM CARBONATE
        chips|Chips, Pretzels & Snacks|28|g|1 oz|POTATO CHIPS|CLASSIC,KETTLE COOKED,SEA SALT,BARBECUE,SOUR CREAM & ONION,SALT & VINEGAR,REDUCED FAT,JALAPENO|POTATOES, SUNFLOWER OIL, SALT
        chips|Chips, Pretzels & Snacks|28|g|1 oz|TORTILLA CHIPS|RESTAURANT STYLE,YELLOW CORN,WHITE CORN,LIME,BLUE CORN,ORGANIC|CORN, VEGETABLE OIL, SALT, LIME
        crackers|Chips, Pretzels & Snacks|28|g|1 oz|PRETZELS|MINI,TWISTS,RODS,HONEY WHEAT,SOURDOUGH|ENRICHED WHEAT FLOUR, SALT, MALT, SODIUM BICARBONATE
        chips|Popcorn, Peanuts, Seeds & Related Snacks|28|g|3 cups popped|POPCORN|BUTTER,KETTLE CORN,LIGHT BUTTER,SEA SALT,WHITE CHEDDAR|WHOLE GRAIN POPCORN, PALM OIL, SALT, NATURAL BUTTER FLAVOR
        crackers|Crackers & Biscotti|30|g|5 crackers|CRACKERS|BUTTER,WHOLE WHEAT,CHEDDAR,SALTINE,MULTIGRAIN,SEA SALT|ENRICHED FLOUR, VEGETABLE OIL, SUGAR, SALT, LEAVENING
        baked|Cookies & Biscuits|30|g|2 cookies|CHOCOLATE CHIP COOKIES|CHEWY,CRUNCHY,SOFT BAKED,MINI,DOUBLE|ENRICHED FLOUR, SEMISWEET CHOCOLATE CHIPS, SUGAR, BUTTER, EGGS, BAKING SODA, SALT
        baked|Cookies & Biscuits|30|g|2 cookies|OATMEAL RAISIN COOKIES|SOFT BAKED,CHEWY,HOMESTYLE|ROLLED OATS, ENRICHED FLOUR, RAISINS, SUGAR, VEGETABLE OIL, MOLASSES, SALT
        baked|Cookies & Biscuits|34|g|3 cookies|SANDWICH COOKIES|CHOCOLATE,VANILLA,PEANUT BUTTER,DOUBLE STUFFED|SUGAR, ENRICHED FLOUR, PALM OIL, COCOA, CORNSTARCH, SALT, SOY LECITHIN
        sweets|Snack, Energy & Granola Bars|35|g|1 bar|GRANOLA BARS|OATS & HONEY,PEANUT BUTTER,CHOCOLATE CHIP,ALMOND,CHEWY|WHOLE GRAIN OATS, SUGAR, CANOLA OIL, HONEY, BROWN SUGAR SYRUP, SALT
        cereal|Cereal|30|g|1 cup|CEREAL|TOASTED OAT,HONEY NUT,CORN FLAKES,FROSTED,CRISPY RICE,RAISIN BRAN,GRANOLA|WHOLE GRAIN OATS, SUGAR, CORN STARCH, SALT, TRIPOTASSIUM PHOSPHATE, VITAMIN E
        bread|Breads & Buns|28|g|1 slice|BREAD|WHOLE WHEAT,WHITE,MULTIGRAIN,SOURDOUGH,HONEY WHEAT,RYE,POTATO,OATNUT|ENRICHED WHEAT FLOUR, WATER, SUGAR, YEAST, SOYBEAN OIL, SALT, WHEAT GLUTEN
        bread|Breads & Buns|95|g|1 bagel|BAGELS|PLAIN,EVERYTHING,CINNAMON RAISIN,SESAME,WHOLE WHEAT,BLUEBERRY|ENRICHED WHEAT FLOUR, WATER, SUGAR, YEAST, SALT, MALTED BARLEY
        bread|Breads & Buns|45|g|1 tortilla|TORTILLAS|FLOUR,CORN,WHOLE WHEAT,SOFT TACO,BURRITO SIZE|ENRICHED BLEACHED WHEAT FLOUR, WATER, VEGETABLE SHORTENING, SALT, BAKING POWDER
        pasta|Pasta by Shape & Type|56|g|2 oz|SPAGHETTI|THIN,WHOLE WHEAT,ENRICHED,ORGANIC,GLUTEN FREE|SEMOLINA (WHEAT), DURUM WHEAT FLOUR, NIACIN, IRON, THIAMINE, RIBOFLAVIN, FOLIC ACID
        pasta|Pasta by Shape & Type|56|g|2 oz|PENNE RIGATE|WHOLE WHEAT,ENRICHED,ORGANIC,PROTEIN PLUS|SEMOLINA (WHEAT), NIACIN, IRON, THIAMINE, RIBOFLAVIN, FOLIC ACID
        pasta|Pasta Dinners|70|g|1 cup prepared|MACARONI & CHEESE DINNER|ORIGINAL,WHITE CHEDDAR,SHELLS,DELUXE|ENRICHED MACARONI, CHEESE SAUCE MIX (WHEY, MILKFAT, MILK PROTEIN CONCENTRATE, SALT)
        sauce|Pasta Sauces|125|g|1/2 cup|PASTA SAUCE|MARINARA,TOMATO BASIL,TRADITIONAL,ROASTED GARLIC,FOUR CHEESE,ARRABBIATA|TOMATO PUREE, DICED TOMATOES, OLIVE OIL, SALT, GARLIC, BASIL, ONIONS
        sauce|Dips & Salsa|30|g|2 Tbsp|SALSA|MILD,MEDIUM,HOT,CHUNKY,RESTAURANT STYLE,VERDE|TOMATOES, ONIONS, JALAPENO PEPPERS, WATER, VINEGAR, SALT, CILANTRO
        sauce|Ketchup, Mustard, BBQ & Cheese Sauce|17|g|1 Tbsp|TOMATO KETCHUP|ORGANIC,NO SUGAR ADDED,SIMPLY|TOMATO CONCENTRATE, DISTILLED VINEGAR, SUGAR, SALT, ONION POWDER, SPICE
        sauce|Ketchup, Mustard, BBQ & Cheese Sauce|36|g|2 Tbsp|BARBECUE SAUCE|HICKORY,HONEY,SWEET & SPICY,ORIGINAL,SMOKY|TOMATO PUREE, SUGAR, VINEGAR, MOLASSES, SALT, NATURAL SMOKE FLAVOR, SPICES
        sauce|Ketchup, Mustard, BBQ & Cheese Sauce|5|g|1 tsp|MUSTARD|YELLOW,DIJON,SPICY BROWN,HONEY|DISTILLED VINEGAR, WATER, MUSTARD SEED, SALT, TURMERIC, PAPRIKA
        dressing|Salad Dressing & Mayonnaise|13|g|1 Tbsp|MAYONNAISE|REAL,LIGHT,OLIVE OIL,AVOCADO OIL|SOYBEAN OIL, WATER, WHOLE EGGS, VINEGAR, EGG YOLKS, SALT, LEMON JUICE CONCENTRATE
        dressing|Salad Dressing & Mayonnaise|30|g|2 Tbsp|DRESSING|RANCH,ITALIAN,CAESAR,BLUE CHEESE,THOUSAND ISLAND,BALSAMIC VINAIGRETTE,HONEY MUSTARD|SOYBEAN OIL, WATER, BUTTERMILK, SUGAR, SALT, VINEGAR, GARLIC, XANTHAN GUM
        oil|Oils Edible|15|ml|1 Tbsp|OLIVE OIL|EXTRA VIRGIN,LIGHT TASTING,PURE,ORGANIC,COLD PRESSED|EXTRA VIRGIN OLIVE OIL
        oil|Oils Edible|15|ml|1 Tbsp|VEGETABLE OIL|CANOLA,CORN,SOYBEAN,AVOCADO,COCONUT|CANOLA OIL
        jam|Jam, Jelly & Fruit Spreads|20|g|1 Tbsp|PRESERVES|STRAWBERRY,APRICOT,RASPBERRY,BLACKBERRY,PEACH,CHERRY|STRAWBERRIES, SUGAR, CORN SYRUP, FRUIT PECTIN, CITRIC ACID
        jam|Jam, Jelly & Fruit Spreads|20|g|1 Tbsp|JELLY|GRAPE,APPLE,STRAWBERRY,MIXED FRUIT|GRAPE JUICE, HIGH FRUCTOSE CORN SYRUP, CORN SYRUP, FRUIT PECTIN, CITRIC ACID
        candy|Honey|21|g|1 Tbsp|HONEY|PURE,RAW,CLOVER,WILDFLOWER,ORGANIC,ORANGE BLOSSOM|HONEY
        candy|Syrups & Molasses|60|ml|1/4 cup|SYRUP|PURE MAPLE,PANCAKE,LITE,BUTTER|CORN SYRUP, HIGH FRUCTOSE CORN SYRUP, WATER, CELLULOSE GUM, NATURAL AND ARTIFICIAL FLAVOR
        pizza|Frozen Pizza|140|g|1/4 pizza|PIZZA|PEPPERONI,FOUR CHEESE,SUPREME,MARGHERITA,THIN CRUST,RISING CRUST,SAUSAGE|ENRICHED FLOUR, WATER, MOZZARELLA CHEESE, TOMATO PASTE, PEPPERONI, VEGETABLE OIL, YEAST, SALT
        vegetable|Frozen Vegetables|85|g|2/3 cup|MIXED VEGETABLES|CLASSIC,CALIFORNIA BLEND,STIR FRY,STEAMABLE,ORGANIC|CARROTS, CORN, PEAS, GREEN BEANS, LIMA BEANS
        starchyveg|Frozen Vegetables|89|g|2/3 cup|SWEET PEAS|PETITE,STEAMABLE,ORGANIC|PEAS
        vegetable|Canned Vegetables|121|g|1/2 cup|GREEN BEANS|CUT,FRENCH STYLE,NO SALT ADDED,WHOLE|GREEN BEANS, WATER, SALT
        starchyveg|Canned Vegetables|125|g|1/2 cup|WHOLE KERNEL CORN|GOLDEN,SWEET,NO SALT ADDED,CREAM STYLE|CORN, WATER, SALT
        legumes|Canned & Bottled Beans|130|g|1/2 cup|BLACK BEANS|LOW SODIUM,ORGANIC,SEASONED|PREPARED BLACK BEANS, WATER, SALT
        legumes|Canned & Bottled Beans|130|g|1/2 cup|KIDNEY BEANS|DARK RED,LIGHT RED,LOW SODIUM|PREPARED KIDNEY BEANS, WATER, SALT, CALCIUM CHLORIDE
        legumes|Canned & Bottled Beans|130|g|1/2 cup|CHICKPEAS|ORGANIC,LOW SODIUM|PREPARED CHICKPEAS, WATER, SALT
        soup|Canned Soup|245|g|1 cup|CHICKEN NOODLE SOUP|HOMESTYLE,CONDENSED,LOW SODIUM,HEARTY|CHICKEN STOCK, ENRICHED EGG NOODLES, CHICKEN MEAT, CARROTS, CELERY, SALT, ONIONS
        soup|Canned Soup|245|g|1 cup|TOMATO SOUP|CONDENSED,CREAMY,ROASTED RED PEPPER,LOW SODIUM|TOMATO PUREE, WATER, SUGAR, SALT, CREAM, SPICES
        soup|Canned Soup|240|ml|1 cup|BROTH|CHICKEN,BEEF,VEGETABLE,LOW SODIUM,BONE|CHICKEN BROTH, SALT, CHICKEN FAT, ONION JUICE CONCENTRATE
        fish|Canned Seafood|56|g|2 oz|CHUNK LIGHT TUNA|IN WATER,IN OIL,LOW SODIUM|LIGHT TUNA, WATER, VEGETABLE BROTH, SALT, PYROPHOSPHATE
        fish|Canned Seafood|63|g|1/4 cup|PINK SALMON|WILD,SKINLESS BONELESS|PINK SALMON, SALT
        fish|Frozen Fish & Seafood|113|g|4 oz|SALMON FILLETS|ATLANTIC,WILD ALASKA,SKIN ON|SALMON
        fish|Frozen Fish & Seafood|85|g|3 oz|SHRIMP|COOKED,RAW,PEELED & DEVEINED,BREADED|SHRIMP, WATER, SALT, SODIUM TRIPOLYPHOSPHATE
        poultry|Poultry, Chicken & Turkey|84|g|3 oz|CHICKEN BREAST|GRILLED,BONELESS SKINLESS,OVEN ROASTED,STRIPS|CHICKEN BREAST WITH RIB MEAT, WATER, SALT, SODIUM PHOSPHATES
        poultry|Frozen Patties and Burgers|84|g|3 pieces|CHICKEN NUGGETS|BREADED,DINOSAUR SHAPED,GLUTEN FREE|CHICKEN, WATER, ENRICHED WHEAT FLOUR, VEGETABLE OIL, SALT, SPICES
        deli|Pepperoni, Salami & Cold Cuts|56|g|2 oz|TURKEY BREAST|OVEN ROASTED,SMOKED,HONEY,MESQUITE|TURKEY BREAST, WATER, SALT, SUGAR, SODIUM PHOSPHATE, CARRAGEENAN
        deli|Pepperoni, Salami & Cold Cuts|56|g|2 oz|HAM|HONEY,BLACK FOREST,SPIRAL SLICED,SMOKED|HAM CURED WITH WATER, SALT, SUGAR, SODIUM PHOSPHATE, SODIUM NITRITE
        sausage|Bacon, Sausages & Ribs|15|g|1 slice|BACON|HICKORY SMOKED,THICK CUT,CENTER CUT,APPLEWOOD SMOKED|PORK CURED WITH WATER, SALT, SUGAR, SODIUM PHOSPHATE, SODIUM NITRITE
        sausage|Sausages, Hotdogs & Brats|57|g|1 link|BEEF FRANKS|UNCURED,JUMBO,BUN LENGTH|BEEF, WATER, SALT, CORN SYRUP, SPICES, PAPRIKA
        sausage|Sausages, Hotdogs & Brats|68|g|1 link|SAUSAGE|ITALIAN,BREAKFAST,SMOKED,MAPLE|PORK, WATER, SALT, SPICES, DEXTROSE
        beef|Meat/Poultry/Other Animals Unprepared/Unprocessed|112|g|4 oz|GROUND BEEF|80% LEAN,85% LEAN,90% LEAN,93% LEAN,GRASS FED|GROUND BEEF
        juice|Fruit & Vegetable Juice, Nectars & Fruit Drinks|240|ml|8 fl oz|ORANGE JUICE|100%,NO PULP,SOME PULP,CALCIUM,NOT FROM CONCENTRATE|ORANGE JUICE
        soda|Fruit & Vegetable Juice, Nectars & Fruit Drinks|240|ml|8 fl oz|LEMONADE|CLASSIC,PINK,STRAWBERRY,LIGHT|WATER, SUGAR, LEMON JUICE CONCENTRATE, NATURAL FLAVORS
        soda|Soda|355|ml|1 can|SODA|COLA,LEMON LIME,ROOT BEER,GINGER ALE,ORANGE,DIET COLA|CARBONATED WATER, HIGH FRUCTOSE CORN SYRUP, CARAMEL COLOR, PHOSPHORIC ACID, NATURAL FLAVORS, CAFFEINE
        drink|Water|355|ml|1 can|SPARKLING WATER|LIME,LEMON,GRAPEFRUIT,BERRY,UNFLAVORED|CARBONATED WATER, NATURAL FLAVOR
        soda|Sport Drinks|591|ml|1 bottle|SPORTS DRINK|FRUIT PUNCH,LEMON LIME,ORANGE,GLACIER BLUE|WATER, SUGAR, DEXTROSE, CITRIC ACID, SALT, SODIUM CITRATE, MONOPOTASSIUM PHOSPHATE
        soda|Tea Bags|240|ml|8 fl oz|ICED TEA|SWEET,UNSWEETENED,LEMON,PEACH,GREEN|BREWED TEA (WATER, TEA), SUGAR, CITRIC ACID, NATURAL FLAVOR
        drink|Coffee|240|ml|8 fl oz|COFFEE|MEDIUM ROAST,DARK ROAST,COLD BREW,DECAF|BREWED COFFEE
        icecream|Ice Cream & Frozen Yogurt|66|g|1/2 cup|ICE CREAM|VANILLA,CHOCOLATE,STRAWBERRY,COOKIES & CREAM,MINT CHIP,BUTTER PECAN,ROCKY ROAD|CREAM, SKIM MILK, SUGAR, EGG YOLKS, NATURAL FLAVOR
        icecream|Ice Cream & Frozen Yogurt|66|g|1/2 cup|FROZEN YOGURT|VANILLA,CHOCOLATE,STRAWBERRY|CULTURED NONFAT MILK, SUGAR, CORN SYRUP, WHEY
        chocolate|Chocolate|43|g|1 bar|MILK CHOCOLATE|CREAMY,WITH ALMONDS,CARAMEL,CRISPY|SUGAR, COCOA BUTTER, MILK, CHOCOLATE, SOY LECITHIN, VANILLA
        chocolate|Chocolate|40|g|4 pieces|DARK CHOCOLATE|70% CACAO,85% CACAO,SEA SALT,MINT,ALMOND|CHOCOLATE, SUGAR, COCOA BUTTER, VANILLA
        candy|Candy|40|g|17 pieces|GUMMY BEARS|SOUR,ORIGINAL,FRUIT|CORN SYRUP, SUGAR, GELATIN, CITRIC ACID, ARTIFICIAL FLAVOR, COLORS
        nuts|Popcorn, Peanuts, Seeds & Related Snacks|30|g|1/4 cup|TRAIL MIX|CLASSIC,SWEET & SALTY,TROPICAL,MOUNTAIN|PEANUTS, RAISINS, CHOCOLATE CANDIES, ALMONDS, CASHEWS
        nuts|Popcorn, Peanuts, Seeds & Related Snacks|28|g|1 oz|MIXED NUTS|DELUXE,LIGHTLY SALTED,UNSALTED,HONEY ROASTED|CASHEWS, ALMONDS, PECANS, BRAZIL NUTS, PEANUT OIL, SALT
        nuts|Popcorn, Peanuts, Seeds & Related Snacks|28|g|1 oz|ALMONDS|ROASTED,SALTED,WHOLE NATURAL,SLICED,SMOKEHOUSE|ALMONDS, SALT
        nuts|Popcorn, Peanuts, Seeds & Related Snacks|28|g|1 oz|PEANUTS|DRY ROASTED,HONEY ROASTED,SALTED,IN SHELL|PEANUTS, SALT
        hummus|Dips & Salsa|28|g|2 Tbsp|HUMMUS|CLASSIC,ROASTED RED PEPPER,GARLIC,EVERYTHING,SPICY|CHICKPEAS, TAHINI, CANOLA OIL, WATER, GARLIC, SALT, CITRIC ACID
        grain|Rice|45|g|1/4 cup dry|RICE|LONG GRAIN WHITE,JASMINE,BASMATI,BROWN,WILD|ENRICHED LONG GRAIN RICE
        grain|Grains|45|g|1/4 cup dry|QUINOA|WHITE,TRICOLOR,RED,ORGANIC|QUINOA
        cereal|Cereal|40|g|1/2 cup dry|OATS|OLD FASHIONED,QUICK,STEEL CUT,ORGANIC|WHOLE GRAIN ROLLED OATS
        driedfruit|Pre-Packaged Fruit & Vegetables|40|g|1/4 cup|RAISINS|SEEDLESS,GOLDEN,ORGANIC|RAISINS
        driedfruit|Pre-Packaged Fruit & Vegetables|40|g|1/3 cup|DRIED CRANBERRIES|SWEETENED,REDUCED SUGAR,ORANGE|CRANBERRIES, SUGAR, SUNFLOWER OIL
        fruit|Frozen Fruit & Fruit Juice Concentrates|140|g|1 cup|BLUEBERRIES|WILD,ORGANIC,FROZEN|BLUEBERRIES
        fruit|Frozen Fruit & Fruit Juice Concentrates|140|g|1 cup|STRAWBERRIES|WHOLE,SLICED,ORGANIC|STRAWBERRIES
        cannedfruit|Canned Fruit|113|g|1 cup|DICED PEACHES|IN 100% JUICE,IN LIGHT SYRUP,NO SUGAR ADDED|PEACHES, WATER, PEAR JUICE CONCENTRATE, ASCORBIC ACID
        cannedfruit|Canned Fruit|113|g|1 cup|MANDARIN ORANGES|IN LIGHT SYRUP,IN 100% JUICE|MANDARIN ORANGES, WATER, SUGAR, CITRIC ACID
        vegetable|Pre-Packaged Fruit & Vegetables|85|g|3 oz|BABY CARROTS|PETITE,ORGANIC,SNACK PACK|CARROTS
        vegetable|Pre-Packaged Fruit & Vegetables|85|g|1 1/2 cups|SALAD KIT|CAESAR,CHOPPED,SOUTHWEST,SPRING MIX|ROMAINE LETTUCE, DRESSING, CROUTONS, PARMESAN CHEESE
        egg|Eggs|50|g|1 egg|EGGS|LARGE,EXTRA LARGE,CAGE FREE,BROWN,ORGANIC,PASTURE RAISED|EGGS
        legumes|Vegetarian Frozen Meats|71|g|1 patty|VEGGIE BURGERS|GARDEN,BLACK BEAN,SPICY,ORIGINAL|VEGETABLES, BLACK BEANS, BROWN RICE, OATS, ONIONS, SALT, SPICES
        sweets|Frozen Breakfast Sandwiches, Biscuits & Meals|70|g|2 waffles|WAFFLES|HOMESTYLE,BUTTERMILK,BLUEBERRY,WHOLE GRAIN|ENRICHED FLOUR, WATER, VEGETABLE OIL, EGGS, SUGAR, LEAVENING, SALT
        baked|Breads & Buns|57|g|1 muffin|MUFFINS|BLUEBERRY,BANANA NUT,CHOCOLATE CHIP,CORN,DOUBLE CHOCOLATE|SUGAR, ENRICHED FLOUR, EGGS, SOYBEAN OIL, BLUEBERRIES, WATER, SALT
        """

    /// Makers of the branded products: invented names, some written in capitals as the label
    /// database often had them.
    static let manufacturers = [
        "Harvest Lane Foods, Inc.", "BLUE MEADOW CREAMERY LLC", "Golden Acre Farms", "Northfield Pantry Co.",
        "Sunny Hollow Kitchens", "REDWOOD VALLEY PROVISIONS", "Lakeshore Grocers, Inc.",
        "Prairie Mill Company",
        "Copper Kettle Foods", "MAPLE RIDGE DAIRY COOPERATIVE", "Orchard Gate Fruit Co.",
        "Silver Spoon Market Brands", "Tall Pines Trading Co.", "RIVERBEND FARMS, LLC",
        "Hillcrest Family Foods",
        "Bright Harvest Organics", "Old Mill Bakeries, Inc.", "Coastal Catch Seafood Co.",
        "PIONEER VALLEY MEATS",
        "Evergreen Snack Company", "Sweetwater Confections", "Green Basket Markets, Inc.",
        "HERITAGE PANTRY BRANDS", "Westwind Beverage Co.", "Crescent Foods Corporation",
        "Amber Fields Grain Co.",
        "Rolling Hills Creamery", "Cedar Point Provisions", "LITTLE CREEK FARMS", "Summit Natural Foods",
        "Bayside Market Inc.", "Four Corners Grocery Co.", "Kettle & Hearth Kitchens",
        "MEADOWLARK FOODS, INC.",
        "Stonebridge Provisions", "Wild Plum Organics", "Twin Rivers Dairy", "Oak Barrel Foods LLC",
    ]

    /// Brand names printed on the products (FoodData Central's `brandName`), by maker position.
    static let brandWords = [
        "HARVEST LANE", "BLUE MEADOW", "GOLDEN ACRE", "NORTHFIELD", "SUNNY HOLLOW", "REDWOOD VALLEY",
        "LAKESHORE", "PRAIRIE MILL", "COPPER KETTLE", "MAPLE RIDGE", "ORCHARD GATE", "SILVER SPOON",
        "TALL PINES", "RIVERBEND", "HILLCREST", "BRIGHT HARVEST", "OLD MILL", "COASTAL CATCH",
        "PIONEER VALLEY",
        "EVERGREEN", "SWEETWATER", "GREEN BASKET", "HERITAGE PANTRY", "WESTWIND", "CRESCENT", "AMBER FIELDS",
        "ROLLING HILLS", "CEDAR POINT", "LITTLE CREEK", "SUMMIT", "BAYSIDE", "FOUR CORNERS",
        "KETTLE & HEARTH",
        "MEADOWLARK", "STONEBRIDGE", "WILD PLUM", "TWIN RIVERS", "OAK BARREL",
    ]
}
