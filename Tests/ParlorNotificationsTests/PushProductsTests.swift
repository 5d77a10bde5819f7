import ParlorNotifications
import Testing

/// `push_bundle_ids`: which apps each product ships as.
@Suite struct PushProductsTests {
    @Test func settingNamesEachBundlesProduct() throws {
        let products = try PushProducts.parse(["quortex=com.quortex.app", "quortex=com.quortex.beta", "topdog=com.topdog.app"]).get()
        #expect(products.bundles == [.quortex: ["com.quortex.app", "com.quortex.beta"], .topDog: ["com.topdog.app"]])
        #expect(products.all == ["com.quortex.app", "com.quortex.beta", "com.topdog.app"])
        #expect(PushProducts.standard.all.count == PushProduct.allCases.count)
    }

    @Test(arguments: ["com.quortex.app", "chess=com.chess.app", "quortex=", "quortex=not a bundle", "=com.quortex.app"])
    func aBadEntryIsNamed(entry: String) {
        guard case .failure(let problem) = PushProducts.parse([entry]) else {
            Issue.record("'\(entry)' was accepted")
            return
        }
        #expect(problem.entry == entry)
        #expect(problem.description.contains("product=bundle.id"))
    }

    @Test func eachGameTypeHasItsApp() {
        #expect(PushProduct.playing("quortex") == .quortex)
        #expect(PushProduct.playing("crazy-eights") == .oneForTheBoys)
    }
}
