import CompressNIO
import GameCore
import NIOCore

import class Foundation.JSONDecoder
import class Foundation.JSONEncoder
import struct Foundation.Data

/// Frames `NetworkMessage`s: JSON, then zlib. A frame larger than `maximumFrameBytes` is refused
/// on send and on receive, and inflation stops at `maximumExpandedBytes` so a small hostile frame
/// cannot expand into gigabytes.
public enum MessageCodec {
    /// The seed's limit: payloads stay under 1 MB compressed.
    public static let maximumFrameBytes = 1 << 20
    public static let maximumExpandedBytes = 16 << 20

    /// What a received frame turned out to be.
    public enum Frame: Equatable, Sendable {
        case message(NetworkMessage)
        /// A kind this build does not know; the receiver logs and skips it.
        case unknown(kind: String)
    }

    public static func encode(_ message: NetworkMessage) throws(GameError) -> Data {
        let json: Data
        do {
            json = try encoder().encode(message)
        } catch {
            throw .corruptedPayload("\(message.kind) could not be encoded: \(error)")
        }
        let frame = try compress(json)
        guard frame.count <= maximumFrameBytes else {
            throw .corruptedPayload(
                "\(message.kind) is \(frame.count) bytes compressed; frames are limited to \(maximumFrameBytes)")
        }
        return frame
    }

    public static func decode(_ frame: Data) throws(GameError) -> Frame {
        guard frame.count <= maximumFrameBytes else {
            throw .corruptedPayload("a \(frame.count)-byte frame is over the \(maximumFrameBytes)-byte limit")
        }
        let json = try expand(frame)
        do {
            return .message(try JSONDecoder().decode(NetworkMessage.self, from: json))
        } catch let unknown as UnknownMessageKind {
            return .unknown(kind: unknown.kind)
        } catch let error as DecodingError {
            throw GameError.corrupted(error, in: "network message")
        } catch {
            throw .corruptedPayload("network message: \(error)")
        }
    }

    /// JSON for a payload carried inside a message (`gameAction`, `gameState`, …).
    public static func payload<T: Encodable>(_ value: T) throws(GameError) -> Data {
        do {
            return try encoder().encode(value)
        } catch {
            throw .corruptedPayload("payload could not be encoded: \(error)")
        }
    }

    public static func payload<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws(GameError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw GameError.corrupted(error, in: what)
        } catch {
            throw .corruptedPayload("\(what): \(error)")
        }
    }

    /// Sorted keys: Foundation otherwise writes an object's keys in its dictionary's order, which
    /// differs between two encodings of the same value, and a lobby carries its settings as bytes
    /// that are compared.
    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    private static func compress(_ data: Data) throws(GameError) -> Data {
        var buffer = ByteBuffer(bytes: data)
        do {
            let compressed = try buffer.compress(with: .zlib())
            return Data(compressed.readableBytesView)
        } catch {
            throw .corruptedPayload("compression failed: \(error)")
        }
    }

    private static func expand(_ frame: Data) throws(GameError) -> Data {
        var buffer = ByteBuffer(bytes: frame)
        do {
            let expanded = try buffer.decompress(with: .zlib(), maxSize: maximumExpandedBytes)
            // The buffers it allocates round up, so the limit is checked on the result too.
            guard expanded.readableBytes <= maximumExpandedBytes else { throw CompressNIOError.bufferOverflow }
            return Data(expanded.readableBytesView)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            throw .corruptedPayload("the frame expands beyond \(maximumExpandedBytes) bytes")
        } catch {
            throw .corruptedPayload("the frame is not zlib data: \(error)")
        }
    }
}
