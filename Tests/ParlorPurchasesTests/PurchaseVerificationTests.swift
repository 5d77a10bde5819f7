import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorTestSupport
import Testing

@Suite("Purchases: verification and grants")
struct PurchaseVerificationTests {
    @Test("a theme, a hint pack and a subscription are granted once each; entitlements show them", arguments: TestDatabaseKind.available)
    func grants(kind: TestDatabaseKind) async throws {
        try await withPurchaseServer(kind: kind) { server, store in
            let ann = try await server.guest()
            let theme = try store.sign(FakeAppStore.transaction(product: "com.quortex.theme.neon", type: "Non-Consumable", user: ann.user))
            let first = try await server.verify(theme, as: ann)
            #expect(first.status == 200 && first.json["granted"] as? Bool == true, "\(first)")
            #expect(try await server.verify(theme, as: ann).json["granted"] as? Bool == false, "a retried verify grants nothing more")
            let pack = try store.sign(FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable"))
            #expect(try await server.verify(pack, as: ann).status == 200)
            #expect(try await server.verify(pack, as: ann).status == 200)
            let plus = try store.sign(FakeAppStore.transaction(
                product: "com.quortex.plus.monthly", type: "Auto-Renewable Subscription", expires: Date().addingTimeInterval(30 * 86400)))
            #expect(try await server.verify(plus, as: ann).status == 200)
            let entitlements = try await server.entitlements(ann)
            #expect(entitlements["themes"] as? [String] == ["aurora", "midnight", "neon", "sunset"])
            #expect(entitlements["hints"] as? Int == 10)
            #expect(entitlements["undos"] as? Int == 0)
            #expect(entitlements["tier"] as? String == "plus")
            #expect(entitlements["unlimited_hints_and_undos"] as? Bool == false)
            #expect(Set(entitlements["owned_product_ids"] as? [String] ?? []) == ["com.quortex.theme.neon", "com.quortex.plus.monthly"])
            #expect((entitlements["subscription"] as? [String: Any])?["status"] as? String == "active")
            // Another app's entitlements are its own; an unknown app is not found.
            #expect((try await server.entitlements(ann, bundle: "com.oneforboys.app"))["themes"] as? [String] == [])
            #expect(try await server.call(.get, "/users/me/entitlements?bundle_id=com.example.none", as: ann).status == 404)
        }
    }

    @Test("OneForTheBoys skins are owned products of their own app")
    func skins() async throws {
        try await withPurchaseServer { server, store in
            let ann = try await server.guest()
            let skin = try store.sign(FakeAppStore.transaction(product: "com.oneforboys.skin.gold", type: "Non-Consumable", bundle: "com.oneforboys.app"))
            #expect(try await server.verify(skin, as: ann).status == 200)
            let entitlements = try await server.entitlements(ann, bundle: "com.oneforboys.app")
            #expect(entitlements["skins"] as? [String] == ["gold"])
            #expect(entitlements["owned_product_ids"] as? [String] == ["com.oneforboys.skin.gold"])
        }
    }

    @Test("whatever cannot be trusted or does not fit is refused with its reason, and grants nothing")
    func refusals() async throws {
        let now = Date()
        try await withPurchaseServer { server, store in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let pack = FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable")
            let stranger = try FakeAppStore()
            let noLeafMarker = try FakeAppStore(leafMarker: false)
            let noIntermediateMarker = try FakeAppStore(intermediateMarker: false)
            let signed = try store.sign(pack)
            let parts = signed.split(separator: ".").map(String.init)
            let otherPayload = FakeAppStore.base64URL(try JSONSerialization.data(withJSONObject: FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable")))
            var lateSigned = pack
            lateSigned["signedDate"] = FakeAppStore.millis(now.addingTimeInterval(2 * 365 * 86400))
            let cases: [(String, String, Int, String)] = [
                ("not a JWS", "abc.def", 400, "invalid_signed_payload"),
                ("signed by another root", try stranger.sign(pack), 400, "invalid_signed_payload"),
                ("no App Store marker on the leaf", try noLeafMarker.sign(pack), 400, "invalid_signed_payload"),
                ("no WWDR marker on the intermediate", try noIntermediateMarker.sign(pack), 400, "invalid_signed_payload"),
                ("a chain of two", try store.sign(pack, chain: [store.leaf, store.intermediate]), 400, "invalid_signed_payload"),
                ("a payload swapped under the signature", "\(parts[0]).\(otherPayload).\(parts[2])", 400, "invalid_signed_payload"),
                ("another algorithm named", try store.sign(pack, alg: "HS256"), 400, "invalid_signed_payload"),
                ("signed after the leaf expired", try store.sign(lateSigned), 400, "invalid_signed_payload"),
                ("a Production purchase on a Sandbox server", try store.sign(FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable", environment: "Production")), 400, "wrong_environment"),
                ("an unknown product", try store.sign(FakeAppStore.transaction(product: "com.quortex.gems.999", type: "Consumable")), 400, "unknown_product"),
                ("an unknown app", try store.sign(FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable", bundle: "com.example.app")), 400, "unknown_app"),
                ("bought for another account", try store.sign(FakeAppStore.transaction(product: "com.quortex.hint.pack10", type: "Consumable", user: bob.user)), 403, "forbidden"),
            ]
            for (what, jws, status, code) in cases {
                let answer = try await server.verify(jws, as: ann)
                #expect(answer.status == status, "\(what): \(answer)")
                #expect((answer.json["error"] as? [String: Any])?["code"] as? String == code, "\(what): \(answer.json)")
            }
            #expect(try await server.entitlements(ann)["hints"] as? Int == 0)
            // A transaction verified by Ann is not Bob's to claim.
            #expect(try await server.verify(signed, as: ann).status == 200)
            let claimed = try await server.verify(signed, as: bob)
            #expect(claimed.status == 409 && (claimed.json["error"] as? [String: Any])?["code"] as? String == "purchase_owned_elsewhere")
            #expect(try await server.entitlements(bob)["hints"] as? Int == 0)
            #expect(try await server.call(.post, "/purchases/verify", as: ann, body: #"{"signed_transaction":""}"#).status == 400)
            #expect(try await server.call(.post, "/purchases/verify", as: ann, body: #"{"jws":"x"}"#).status == 400)
        }
    }
}
