import Foundation

/// JSON text this program encoded itself, such as a stored move's canonical action, to be put
/// into a message as it is. ``DirectJSONEncoder`` copies the text; re-encoding it would mean
/// decoding it into the game's type first, for one short action per receiver of every move.
/// The text is not checked: it must be one whole JSON value.
package struct JSONFragment: Encodable, Sendable {
    package let text: String

    package init(trusted text: String) { self.text = text }

    /// The text itself for the direct encoder; any other encoder is handed the value it holds.
    package func encode(to encoder: any Encoder) throws {
        if let direct = encoder as? DirectEncoder {
            direct.sink.bytes.append(contentsOf: text.utf8)
        } else {
            try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)).encode(to: encoder)
        }
    }
}
