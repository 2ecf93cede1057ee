/// The request code of a real ILoveCats submission, as students wrote it (the assignment leaves
/// the details to them): the collection is named `a-3-cats`, the restdb URL is written out in
/// three places (the list request, the add scene, the edit scene), TheCatAPI's search URL in
/// two (the edit scene's "update photo" and the detail scene's breed facts), and a photo is
/// loaded only when its URL contains `https://` (the assignment says not to allow `http://`
/// loads, so the Mockaroo placeholders are skipped rather than failing).
///
/// docs/ILOVECATS.md ("A submission of your own") says what to change; `pointed(at:)` makes
/// exactly those changes, so a test runs the page's steps against this code.
public struct CourseSubmission: Sendable, Equatable {
    /// WebApiRequest.swift: the list.
    public var listURL = "https://dps923a3-5e22.restdb.io/rest/a-3-cats"
    /// CatAdd.swift: the POST of a new cat.
    public var addURL = "https://dps923a3-5e22.restdb.io/rest/a-3-cats"
    /// CatEdit.swift: the PUT of an edited cat (`\(editURL)/\(id)`).
    public var editURL = "https://dps923a3-5e22.restdb.io/rest/a-3-cats"
    /// CatEdit.swift: "update photo" (`\(updatePhotoSearchURL)\(breedId)`).
    public var updatePhotoSearchURL = "https://api.thecatapi.com/v1/images/search?breed_ids="
    /// CatDetail.swift: the breed facts (`\(breedSearchURL)\(breedId)`).
    public var breedSearchURL = "https://api.thecatapi.com/v1/images/search?breed_ids="
    /// CatAdd.swift: the photo of a new cat.
    public var newCatPhoto = "https://placekitten.com/300/200"
    /// The list, edit and detail scenes load a photo only from a URL with this prefix
    /// (`photoUrl.contains("https://")` in the submission).
    public var photoPrefixes = ["https://"]

    public init() {}

    /// Whether the list, edit and detail scenes load this photo.
    public func loadsPhoto(_ url: String) -> Bool {
        photoPrefixes.contains { url.contains($0) }
    }

    /// The submission after docs/ILOVECATS.md's steps, for a server at `base`
    /// (`http://127.0.0.1:8080`): the three restdb URLs and the two TheCatAPI URLs on that
    /// server (the collection keeps its name), the new cat's photo from the PlaceKitten
    /// stand-in, and photos on the server loaded too.
    public func pointed(at base: String) -> CourseSubmission {
        var app = self
        for path in [\CourseSubmission.listURL, \.addURL, \.editURL] {
            app[keyPath: path] = base + "/rest/" + Self.collection(of: self[keyPath: path])
        }
        app.updatePhotoSearchURL = base + "/thecatapi/v1/images/search?breed_ids="
        app.breedSearchURL = base + "/thecatapi/v1/images/search?breed_ids="
        app.newCatPhoto = base + "/placekitten/300/200"
        app.photoPrefixes.append(base + "/")
        return app
    }

    /// `a-3-cats` of `https://<db>.restdb.io/rest/a-3-cats`.
    public static func collection(of url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }
}
