import Crypto
import Foundation
@testable import ParlorPlay
@testable import ParlorPurchases
import SwiftASN1
import Testing
import X509

@Suite("Purchases: catalogue, pinned root, priority")
struct CatalogueTests {
    @Test("the bundled catalogue loads: the seed's Quortex products and OneForTheBoys skins")
    func bundled() throws {
        let catalogue = try ProductCatalogue.load(json: Data(DefaultCatalogue.json.utf8))
        let quortex = try #require(catalogue.app("com.quortex.app"))
        #expect(quortex.products.count == 9)
        #expect(quortex.product("com.quortex.hint.pack10")?.grants?.hints == 10)
        #expect(quortex.product("com.quortex.pro.yearly")?.tier == .pro)
        #expect(catalogue.app(forGame: "quortex")?.bundleID == "com.quortex.app")
        #expect(catalogue.app(forGame: "crazy-eights")?.bundleID == "com.oneforboys.app")
        #expect(PurchasesConfiguration().catalogue == catalogue)
    }

    @Test("a catalogue that breaks a rule is refused with the rule")
    func badCatalogues() {
        let cases: [(String, String)] = [
            (#"{"apps":[{"bundle_id":"a.b","products":[{"id":"x","type":"consumable"}]}]}"#, "positive number of hints"),
            (#"{"apps":[{"bundle_id":"a.b","products":[{"id":"x","type":"non_consumable","grants":{"theme":"t","skin":"s"}}]}]}"#, "one theme or one skin"),
            (#"{"apps":[{"bundle_id":"a.b","products":[{"id":"x","type":"auto_renewable"}]}]}"#, "a group and a tier"),
            (#"{"apps":[{"bundle_id":"a.b","products":[{"id":"x","type":"consumable","grants":{"hints":1}},{"id":"x","type":"consumable","grants":{"hints":1}}]}]}"#, "listed twice"),
            (#"{"apps":[{"bundle_id":"a.b","products":[{"id":"x","type":"gift"}]}]}"#, "does not decode"),
            (#"{"apps":[{"bundle_id":"a.b","games":["g"],"products":[]},{"bundle_id":"c.d","games":["g"],"products":[]}]}"#, "belongs to two apps"),
        ]
        for (json, reason) in cases {
            #expect(throws: CatalogueError.self, "\(reason)") { try ProductCatalogue.load(json: Data(json.utf8)) }
            do {
                _ = try ProductCatalogue.load(json: Data(json.utf8))
            } catch {
                #expect(error.description.contains(reason), "\(error)")
            }
        }
    }

    @Test("the pinned root is Apple Root CA - G3, byte for byte")
    func pinnedRoot() throws {
        let certificate = try Certificate(pemEncoded: AppleRootCertificate.g3PEM)
        let der = try certificate.serializeAsPEM().derBytes
        let digest = SHA256.hash(data: Data(der)).map { String(format: "%02x", $0) }.joined()
        #expect(digest == AppleRootCertificate.g3SHA256)
        #expect(certificate.subject.description.contains("Apple Root CA - G3"))
    }

    @Test("quick match serves subscribers first, then everyone by wait")
    func priority() {
        let now = Date()
        let entries = ["a", "b", "c", "d"].enumerated().map { index, id in
            QuickMatchEntry(id: id, rating: 1500, enqueuedAt: now.addingTimeInterval(Double(-10 + index)))
        }
        #expect(QuickMatchPairing.groups(from: entries, size: 2, now: now).map { $0.map(\.id) } == [["a", "b"], ["c", "d"]])
        #expect(QuickMatchPairing.groups(from: entries, size: 2, now: now, prioritized: ["d"]).map { $0.map(\.id) } == [["d", "a"], ["b", "c"]])
    }
}
