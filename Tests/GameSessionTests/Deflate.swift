import CompressNIO
import Foundation
import NIOCore

/// zlib-compresses bytes the way `MessageCodec` frames them, for hand-made frames.
func deflate(_ data: Data) -> Data {
    var buffer = ByteBuffer(bytes: data)
    guard let compressed = try? buffer.compress(with: .zlib()) else { return Data() }
    return Data(compressed.readableBytesView)
}
