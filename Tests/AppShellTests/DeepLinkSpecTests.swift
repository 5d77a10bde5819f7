import AppFoundation
import Testing

/// Each app opens the links its router takes: its URL scheme in Info.plist and its universal-link
/// domain in the associated domains, as `DeepLinkRouter` names them, and the same bundle id as
/// its brand.
@Suite struct DeepLinkSpecTests {
    let spec: ProjectSpec

    init() throws { spec = try ProjectSpec.load() }

    @Test(arguments: AppBrand.Product.allCases)
    func theAppTakesItsRoutersLinks(_ product: AppBrand.Product) throws {
        let brand = AppBrand.of(product)
        let router = DeepLinkRouter(product: product)
        let target = try #require(spec.targets.first { $0.bundleID == brand.bundleID }, "no app with \(brand.bundleID)")
        let types = target.info["CFBundleURLTypes"] as? [[String: Any]] ?? []
        #expect(types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] } == [router.scheme], "\(target.name)")
        #expect(target.entitlements["com.apple.developer.associated-domains"] as? [String] == ["applinks:\(router.domain)"], "\(target.name)")
    }
}
