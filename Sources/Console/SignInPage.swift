import SocketHTTP

/// The page a person sees when the banner's sign-in link cannot sign them in: what happened
/// and what to do, as HTML (the link is opened in a browser; a JSON error body would say
/// nothing there). Static text only, styled by the console's own stylesheet.
struct SignInPage {
    let status: HTTPStatus
    let title: String
    let paragraphs: [String]

    static func staleLink(minutes: Int) -> SignInPage {
        SignInPage(
            status: .unauthorized,
            title: "This sign-in link cannot be used",
            paragraphs: [
                "It was used already, it is older than \(minutes) minutes, or it was copied incompletely: "
                    + "a sign-in link works once, within \(minutes) minutes of the server printing it.",
                Self.whatToDo,
            ])
    }

    static let keyInLink = SignInPage(
        status: .badRequest,
        title: "Sign-in links no longer carry the key",
        paragraphs: [
            "A key in a link stays in the browser's history, so restlite does not take one there. "
                + "The link <code>restlite serve</code> prints now carries a single-use code instead.",
            Self.whatToDo,
        ])

    static let keyWithdrawn = SignInPage(
        status: .forbidden,
        title: "The key behind this link does not have full access",
        paragraphs: [
            "The key was removed since the link was made, or it is a scoped (web page) key; the "
                + "console needs a full-access key.",
            Self.whatToDo,
        ])

    static let whatToDo =
        "<a href=\"/\">Open the console</a> and sign in with a full-access key: the <code>api key:</code> "
        + "line of the banner <code>restlite serve</code> prints, or a key <code>restlite keys list</code> shows "
        + "as full. Every start of the server also prints a fresh sign-in link."

    var response: HTTPResponse {
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html +=
            "<title>restlite: \(title)</title><link rel=\"stylesheet\" href=\"/_console/style.css\"></head>\n"
        html += "<body><main><section class=\"card signin\" role=\"alert\"><h1>\(title)</h1>\n"
        for paragraph in paragraphs { html += "<p>\(paragraph)</p>\n" }
        html += "</section></main></body></html>\n"
        var response = HTTPResponse(status: status, body: Array(html.utf8))
        response.headers.set("Content-Type", "text/html; charset=utf-8")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
