import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// The server's side of purchases: what the player owns, and verifying a signed transaction
/// (the server checks Apple's signature chain and grants once per transaction).
public struct PurchasesClient: Sendable {
    public var entitlements: @Sendable () async throws(ParlorError) -> StoreEntitlements
    /// Answers whether this call granted anything (false for a transaction granted before) and
    /// the entitlements after it.
    public var verify: @Sendable (_ jws: String) async throws(ParlorError) -> (granted: Bool, entitlements: StoreEntitlements)

    public init(
        entitlements: @escaping @Sendable () async throws(ParlorError) -> StoreEntitlements,
        verify: @escaping @Sendable (_ jws: String) async throws(ParlorError) -> (granted: Bool, entitlements: StoreEntitlements)
    ) {
        self.entitlements = entitlements
        self.verify = verify
    }
}

extension PurchasesClient {
    public static func live(_ client: ParlorClient) -> PurchasesClient {
        PurchasesClient(
            entitlements: { () async throws(ParlorError) -> StoreEntitlements in
                let wire = try await parlorCall {
                    try await client.api.getEntitlements(query: .init(bundleId: QuortexCatalogue.bundleID)).ok.body.json
                }
                return StoreEntitlements(wire)
            },
            verify: { jws throws(ParlorError) in
                let answer = try await parlorCall {
                    try await client.api.verifyPurchase(body: .json(.init(signedTransaction: jws))).ok.body.json
                }
                return (answer.granted, StoreEntitlements(answer.entitlements))
            })
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = PurchasesClient(
        entitlements: { () async throws(ParlorError) -> StoreEntitlements in throw Unimplemented.call("PurchasesClient.entitlements") },
        verify: { _ throws(ParlorError) in throw Unimplemented.call("PurchasesClient.verify") })
}

extension PurchasesClient: DependencyKey {
    public static var liveValue: PurchasesClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: PurchasesClient { .unimplemented }
}

extension DependencyValues {
    public var purchasesClient: PurchasesClient {
        get { self[PurchasesClient.self] }
        set { self[PurchasesClient.self] = newValue }
    }
}
