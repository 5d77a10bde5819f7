import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime
@testable import ParlorHTTP
import Testing

/// How errors from the OpenAPI runtime, decoders and Hummingbird become client errors.
@Suite struct ClientErrorMappingTests {
    struct Payload: Decodable { var tile: Int }
    struct Unrelated: Error {}

    func serverError(wrapping underlying: any Error, status: HTTPResponse.Status) -> ServerError {
        ServerError(
            operationID: "makeMove", request: HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/moves"),
            requestBody: nil, requestMetadata: .init(), operationInput: nil, operationOutput: nil,
            causeDescription: "Unexpected content type", underlyingError: underlying,
            httpStatus: status, httpHeaderFields: [:], httpBody: nil
        )
    }

    @Test func handlerErrorsInsideOpenAPIKeepTheirStatusAndCode() {
        let conflict = APIError(.conflict, code: "stale_version", message: "the game moved on")
        #expect(APIError(clientError: serverError(wrapping: conflict, status: .internalServerError)) == conflict)
    }

    @Test func undecodableOpenAPIBodyIs400() throws {
        let decoding = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Payload.self, from: Data("{}".utf8)) }
        let mapped = APIError(clientError: serverError(wrapping: decoding, status: .badRequest))
        #expect(mapped?.status == .badRequest)
        #expect(mapped?.code == "malformed_json")
        #expect(mapped?.message == "missing field 'tile' in the body")
    }

    @Test func openAPIContentTypeRejectionIs415() {
        let mapped = APIError(clientError: serverError(wrapping: Unrelated(), status: .unsupportedMediaType))
        #expect(mapped?.status == .unsupportedMediaType)
        #expect(mapped?.code == "unsupported_media_type")
    }

    @Test func serverFaultsAreNotClientErrors() {
        #expect(APIError(clientError: serverError(wrapping: Unrelated(), status: .internalServerError)) == nil)
        #expect(APIError(clientError: Unrelated()) == nil)
        #expect(APIError(clientError: HTTPError(.badGateway)) == nil)
    }

    @Test func hummingbirdClientErrorsGetEnvelopeCodes() {
        #expect(APIError(clientError: HTTPError(.contentTooLarge))?.code == "payload_too_large")
        let badRequest = APIError(clientError: HTTPError(.badRequest, message: "bad query"))
        #expect(badRequest == APIError(.badRequest, code: "bad_request", message: "bad query"))
    }
}
