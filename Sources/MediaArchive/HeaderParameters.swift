/// The `; name="value"` parameters of a header such as `Content-Disposition`.
enum HeaderParameters {
    /// Parameters by lower-cased name; quoted values are unquoted (`\"` and `\\` unescaped).
    /// Semicolons inside quotes do not split.
    static func parse(_ text: String) -> (value: String, parameters: [String: String]) {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";", !quoted {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            parameters[pair[0].trimmingBlanks().lowercased()] = unquote(pair[1].trimmingBlanks())
        }
        return (pieces[0].trimmingBlanks().lowercased(), parameters)
    }

    static func unquote(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}
