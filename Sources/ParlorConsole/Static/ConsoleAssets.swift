import HTTPTypes
import Hummingbird
import NIOCore

/// The console's style sheet and script, served by the console itself (the policy allows only these).
extension ConsoleRoutes {
    func registerAssets() {
        let console = console
        open("/console/static/console.css", method: .get) { _, _ in console.asset(ConsoleAssets.css, type: "text/css; charset=utf-8") }
        open("/console/static/console.js", method: .get) { _, _ in console.asset(ConsoleAssets.script, type: "text/javascript; charset=utf-8") }
    }
}

extension Console {
    func asset(_ text: String, type: String) -> Response {
        var headers: HTTPFields = [.contentType: type]
        ConsoleHeaders.apply(to: &headers)
        headers[.cacheControl] = "max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
