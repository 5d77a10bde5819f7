/// JSON a value writes by hand into ``DirectJSONEncoder``'s buffer, for the few values on every
/// move's frames (a game's view): going through `Encodable` costs a container, a coding path and
/// a dynamic dispatch per field, which for a Quortex view would be most of a frame's encoding.
///
/// What a value writes here must be the JSON its `encode(to:)` would write; each such value's
/// tests compare the two.
package struct JSONWriter {
    package fileprivate(set) var bytes: [UInt8]

    /// Text that is already JSON, such as `{"turn":` (keys and punctuation).
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func string(_ value: String) { JSONSink.appendQuoted(value, to: &bytes) }

    package mutating func integer(_ value: Int) { JSONSink.appendDecimal(value, to: &bytes) }

    // Nothing here is generic: a generic from another module is not specialized for its caller,
    // and looking up its type metadata at run time cost more than the writing it does.

    /// `[…]` of what `element` writes for each index below `count`.
    package mutating func array(count: Int, _ element: (inout JSONWriter, Int) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, index)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `[…]` of the strings `element` gives for each index below `count`, leaving out nils.
    package mutating func strings(count: Int, _ element: (Int) -> String?) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for index in 0..<count {
            guard let string = element(index) else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONSink.appendQuoted(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    package mutating func integers(_ values: [Int]) {
        array(count: values.count) { $0.integer(values[$1]) }
    }
}

extension DirectJSONEncoder {
    /// Lets a value's `encode(to:)` write its JSON by hand when `encoder` is this encoder's:
    /// calls `write` with the buffer and returns true; for any other encoder returns false, and
    /// the value encodes itself as usual.
    package static func writeDirectly(to encoder: any Encoder, _ write: (inout JSONWriter) -> Void) -> Bool {
        guard let direct = encoder as? DirectEncoder else { return false }
        // The buffer is moved out and back, not copied.
        var writer = JSONWriter(bytes: [])
        swap(&writer.bytes, &direct.sink.bytes)
        write(&writer)
        swap(&writer.bytes, &direct.sink.bytes)
        return true
    }
}

extension JSONWriter {
    /// As ``Viewer``'s `encode(to:)`: `{"seat":2}`, or `{}` for a spectator.
    package mutating func viewer(_ viewer: Viewer) {
        guard let seat = viewer.seat else { return raw("{}") }
        raw(#"{"seat":"#)
        integer(seat)
        raw("}")
    }

    /// As ``GamePlayer``'s synthesized `encode(to:)`.
    package mutating func player(_ player: GamePlayer) {
        raw(#"{"id":"#)
        string(player.id)
        raw(#","name":"#)
        string(player.name)
        raw("}")
    }

    /// As ``GameOutcome``'s synthesized `encode(to:)`.
    package mutating func outcome(_ outcome: GameOutcome) {
        raw(#"{"winners":"#)
        integers(outcome.winners)
        raw(#","win_type":"#)
        string(outcome.winType.rawValue)
        raw("}")
    }
}
