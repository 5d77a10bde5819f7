import Foundation

/// What the purchases capability is configured with.
public struct PurchasesConfiguration: Sendable {
    package var catalogue: ProductCatalogue
    /// The root App Store signatures must chain to: Apple Root CA - G3 unless a test pins its own.
    package var rootPEM: String
    /// The App Store environments whose purchases are granted.
    package var environments: Set<String>
    /// How far back a player without a subscription sees their finished games.
    public var freeHistoryDays = 90

    /// The default catalogue, Apple's root, Production and Sandbox purchases (App Review buys in Sandbox).
    public init() {
        // The bundled catalogue is checked by a test; it always loads.
        self.catalogue = (try? ProductCatalogue.load(json: Data(DefaultCatalogue.json.utf8))) ?? ProductCatalogue(apps: [])
        self.rootPEM = AppleRootCertificate.g3PEM
        self.environments = ["Production", "Sandbox"]
    }

    package init(catalogue: ProductCatalogue, rootPEM: String, environments: Set<String>) {
        self.catalogue = catalogue
        self.rootPEM = rootPEM
        self.environments = environments
    }
}
