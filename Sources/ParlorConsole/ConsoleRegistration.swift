import ParlorHTTP

extension Console {
    /// Adds every console route to the server's router.
    package func register(on registrar: RouteRegistrar) {
        let routes = ConsoleRoutes(console: self, registrar: registrar)
        routes.registerAssets()
        routes.registerSignIn()
        routes.registerAccount()
        routes.registerOverview()
        routes.registerGames()
        routes.registerUsers()
        routes.registerReports()
        routes.registerPush()
        routes.registerPurchases()
        routes.registerLeaderboards()
        routes.registerAudit()
        routes.registerTopDog()
        routes.registerMiniApps()
    }
}
