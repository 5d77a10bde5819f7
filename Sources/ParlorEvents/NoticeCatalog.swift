import Foundation

/// The notice types a node reads, by kind: how a payload from any node becomes a ``Notice``.
///
/// The application root lists every capability's notice type once; a kind no type claims (a
/// newer node's) is refused by ``notice(from:)``, and the bus logs and skips it.
package struct NoticeCatalog: Sendable {
    private var decoders: [String: @Sendable (Data) throws -> Notice] = [:]
    private var compactReaders: [@Sendable (String) throws -> Notice?] = []

    package init(_ types: [any BusNotice.Type]) {
        for type in types { add(type) }
    }

    private mutating func add<Value: BusNotice>(_ type: Value.Type) {
        for kind in type.kinds {
            precondition(decoders[kind] == nil, "two notice types claim the kind '\(kind)'")
            decoders[kind] = { Notice(try JSONDecoder().decode(Value.self, from: $0)) }
        }
        compactReaders.append { payload in try Value.notice(compactPayload: payload).map(Notice.init) }
    }

    /// The notice a payload carries: a compact form one of the types reads, or a JSON object
    /// tagged with a known `kind`.
    package func notice(from payload: String) throws -> Notice {
        if !payload.hasPrefix("{") {
            for read in compactReaders {
                if let notice = try read(payload) { return notice }
            }
            throw NoticeCatalogError("a payload in no known compact form")
        }
        let data = Data(payload.utf8)
        let kind = try JSONDecoder().decode(Tag.self, from: data).kind
        guard let decode = decoders[kind] else { throw NoticeCatalogError("unknown notice kind '\(kind)'") }
        return try decode(data)
    }

    private struct Tag: Decodable {
        var kind: String
    }
}

/// A payload the catalog cannot read.
package struct NoticeCatalogError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) { self.description = description }
}
