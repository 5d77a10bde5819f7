import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Turns stored mini apps into their wire shapes.
extension Components.Schemas.MiniApp {
    init(_ app: MiniAppRecord) {
        self.init(
            id: app.id, name: app.name, description: app.description, iconUrl: app.iconUrl, launchUrl: app.launchUrl,
            category: app.category)
    }
}

extension Components.Schemas.MiniAppDetails {
    init(_ app: MiniAppRecord) {
        self.init(
            id: app.id, name: app.name, description: app.description, iconUrl: app.iconUrl, launchUrl: app.launchUrl,
            category: app.category, allowedOrigins: MiniAppService.origins(app), enabled: app.enabled != 0,
            createdAt: Date(millis: app.createdAt), updatedAt: Date(millis: app.updatedAt))
    }
}

extension MiniAppService.Fields {
    init(_ input: Components.Schemas.MiniAppInput) {
        self.init(
            name: input.name, description: input.description, iconURL: input.iconUrl, launchURL: input.launchUrl,
            allowedOrigins: input.allowedOrigins, category: input.category, enabled: input.enabled)
    }

    init(_ input: Components.Schemas.MiniAppUpdate) {
        self.init(
            name: input.name, description: input.description, iconURL: input.iconUrl, launchURL: input.launchUrl,
            allowedOrigins: input.allowedOrigins, category: input.category, enabled: input.enabled)
    }
}
