/// Which product an app is, and the words its screens open with.
public struct AppBrand: Equatable, Sendable {
    public enum Product: String, Sendable, CaseIterable {
        case quortex, oneForTheBoys, topDog, tandem, pubGames
    }

    public let product: Product
    public let name: String
    public let tagline: String

    public init(product: Product, name: String, tagline: String) {
        self.product = product
        self.name = name
        self.tagline = tagline
    }

    public static let quortex = AppBrand(product: .quortex, name: "Quortex", tagline: "Join your sides before anyone else does.")
    public static let oneForTheBoys = AppBrand(product: .oneForTheBoys, name: "OneForTheBoys", tagline: "Crazy Eights and party games with your friends.")
    public static let topDog = AppBrand(product: .topDog, name: "TopDog", tagline: "Best-ball fantasy tournaments with live drafts.")
    public static let tandem = AppBrand(product: .tandem, name: "Tandem", tagline: "Your game stats, on every device.")
    public static let pubGames = AppBrand(product: .pubGames, name: "PubGames", tagline: "One account for every game in the pub.")

    /// The app's bundle id, as the purchases catalogue and the push settings name it.
    public var bundleID: String {
        switch product {
        case .quortex: "com.quortex.app"
        case .oneForTheBoys: "com.oneforboys.app"
        case .topDog: "com.topdog.app"
        case .tandem: "com.tandemdaily.app"
        case .pubGames: "com.pubgames.app"
        }
    }

    public static func of(_ product: Product) -> AppBrand {
        switch product {
        case .quortex: .quortex
        case .oneForTheBoys: .oneForTheBoys
        case .topDog: .topDog
        case .tandem: .tandem
        case .pubGames: .pubGames
        }
    }
}
