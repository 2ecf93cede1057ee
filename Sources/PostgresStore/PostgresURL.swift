/// A `postgres://` URL as restlite shows it: in the banner and in messages the password is
/// replaced by `***`, so a log or a screenshot never carries it.
///
/// ```swift
/// PostgresURL.redacted("postgres://app:secret@db:5432/restlite")  // postgres://app:***@db:5432/restlite
/// ```
public enum PostgresURL {
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        // The user information ends at the last `@` before the path.
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return redactedQuery(url) }
        let user = authority[..<at]
        guard let colon = user.firstIndex(of: ":") else { return redactedQuery(url) }
        let shown = url[..<scheme.upperBound] + user[..<colon] + ":***" + rest[at...]
        return redactedQuery(String(shown))
    }

    /// A `password=` parameter of the query string, hidden too.
    private static func redactedQuery(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let parameters = url[url.index(after: question)...].split(
            separator: "&", omittingEmptySubsequences: false
        )
        .map { parameter in
            parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
        }
        return url[...question] + parameters.joined(separator: "&")
    }
}
