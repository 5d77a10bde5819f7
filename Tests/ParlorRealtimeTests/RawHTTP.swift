import NIOCore
import NIOPosix

/// Sends `request` as raw bytes and returns everything the server answers until it closes: the
/// WebSocket client hides a refused upgrade's status and body, which the 401 test looks at.
func rawHTTPExchange(port: Int, request: String) async throws -> String {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    return try await channel.executeThenClose { inbound, outbound in
        try await outbound.write(ByteBuffer(string: request))
        var answer = ""
        for try await chunk in inbound { answer += String(buffer: chunk) }
        return answer
    }
}

func upgradeRequest(token: String) -> String {
    [
        "GET /ws HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", "Authorization: Bearer \(token)", "", "",
    ].joined(separator: "\r\n")
}
