import DocumentJSON

/// The operands of an `$in` sorted into the type classes equality respects, each class in the
/// order of its first operand, with the JSON array a class binds when it has several values:
/// numbers as their literals, strings as themselves, dates as their normalised text, objects
/// and arrays as strings holding their compact JSON text (what `json_extract` returns).
struct InList {
    enum Kind: Equatable {
        case null, bool, number, string, date, object, array
    }

    struct Class {
        let kind: Kind
        var operands: [QueryOperand] = []
        var elements: [JSONValue] = []
    }

    private(set) var classes: [Class] = []

    init(_ operands: [QueryOperand]) {
        for operand in operands {
            let (kind, element) = Self.classify(operand)
            if let index = classes.firstIndex(where: { $0.kind == kind }) {
                classes[index].operands.append(operand)
                classes[index].elements.append(element)
            } else {
                classes.append(Class(kind: kind, operands: [operand], elements: [element]))
            }
        }
    }

    private static func classify(_ operand: QueryOperand) -> (Kind, JSONValue) {
        switch operand {
        case .null: return (.null, .null)
        case .bool(let flag): return (.bool, .bool(flag))
        case .number(let number): return (.number, .number(number))
        case .string(let text): return (.string, .string(text))
        case .date(let date): return (.date, .string(date.normalized))
        case .json(let json): return (json.arrayValue != nil ? .array : .object, .string(json.serialized()))
        }
    }
}
