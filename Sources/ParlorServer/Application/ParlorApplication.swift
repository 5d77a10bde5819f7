import GameCore
import Hummingbird
import Logging
import NIOCore
import ParlorAccounts
import ParlorAPI
import ParlorConsole
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import ParlorMail
import ParlorMiniApps
import ParlorNotifications
import ParlorPurchases
import ParlorPlay
import ParlorSocial
import ParlorRealtime
import ParlorSync
import ParlorTopDog
import ServiceLifecycle
import SignInProviders

/// Assembles the Parlor HTTP application.
public enum ParlorApplication {
    /// Builds the application over an open, migrated `database`.
    ///
    /// - Parameters:
    ///   - onServerRunning: called with the bound address once the server accepts connections.
    ///   - additionalRoutes: plain routes beyond the OpenAPI contract; they share the middleware.
    ///   - shutdown: where the requests in flight and the services' stopping are kept, for a
    ///     report of what a stop waits for.
    public static func build(
        configuration: ServerConfiguration,
        database: Database,
        services: ParlorServices,
        migrator: Migrator = .parlor,
        logger: Logger,
        onServerRunning: @escaping @Sendable (SocketAddress?) async -> Void = { _ in },
        additionalRoutes: (RouteRegistrar) -> Void = { _ in },
        shutdown: ShutdownProgress = ShutdownProgress()
    ) async throws -> some ApplicationProtocol {
        let router = Router(context: ParlorRequestContext.self, options: .autoGenerateHeadEndpoints)
        let table = RouteTable()
        _ = ParlorMetrics.registry
        // Outermost first: every response, errors included, gets a request id, a log line and metrics.
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: RequestsInFlightMiddleware(progress: shutdown))
        router.add(middleware: RequestOriginMiddleware(trustForwardedFor: configuration.trustForwardedFor))
        router.add(middleware: RequestLocaleMiddleware())
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ErrorMiddleware(routes: table, parameters: ParameterRules.byOperation))
        router.add(middleware: BodyLimitMiddleware(limit: configuration.maxBodyBytes))
        router.add(middleware: LinkPageHeadersMiddleware())

        let verifier = SignInVerifier(
            apple: services.accounts.apple, discord: services.accounts.discord, facebook: services.accounts.facebook,
            gameCenter: services.accounts.gameCenter,
            httpClient: services.httpClient, now: services.now, logger: logger)
        // One node on SQLite shares notices in process; nodes on PostgreSQL share them by NOTIFY.
        let postgresBus = database.dialect == .postgres ? PostgresEventBus(database: database, catalog: .parlor, logger: logger) : nil
        let bus: any EventBus = postgresBus ?? LocalEventBus()
        let mailer: any Mailer = services.mailTransport == nil ? services.mailer : OutboxMailer(database: database, now: services.now)
        let accounts = AccountService(
            database: database, configuration: services.accounts, mailer: mailer, verifier: verifier, bus: bus, now: services.now)
        router.add(middleware: BearerFirstMiddleware(accounts: accounts, routes: table, secured: APIDocument.bearerOperations))
        let miniApps = MiniAppService(accounts: accounts)
        if services.accounts.demoMiniApp {
            do {
                try await DemoMiniApp.register(with: miniApps, issuer: services.accounts.issuer)
            } catch {
                // Only a database that is not migrated yet gets here; /ready says so.
                logger.warning("demo mini app not registered", metadata: ["error": "\(error)"])
            }
        }
        let engines = GameEngines(services.games)
        let social = SocialServices(database: database, engines: engines, bus: bus, now: services.now)
        let sync = SyncService(
            database: database, now: services.now, recorder: TandemRecorder(results: social.recorder, now: services.now, logger: logger), bus: bus)
        let push = NotificationsServices(database: database, configuration: services.push, now: services.now, logger: logger)
        let purchases = try PurchaseService(database: database, configuration: services.purchases, now: services.now, logger: logger)
        var playHooks = social.playHooks
        playHooks.notifier = push.games
        let purchasesInPlay = PurchasesInPlay(
            purchases: purchases, benefits: PurchaseBenefits(catalogue: purchases.catalogue, freeHistoryDays: services.purchases.freeHistoryDays))
        playHooks.benefits = purchasesInPlay
        playHooks.hints = purchasesInPlay
        let play = PlayServices(
            database: database, accounts: accounts, engines: engines, bus: bus, now: services.now, logger: logger, hooks: playHooks,
            chat: services.chat)
        let topDog = TopDogServices(
            database: database, bus: bus, payments: services.payments, paymentTimeout: services.paymentTimeout, now: services.now, logger: logger, notifier: push.drafts)
        let handler = APIHandler(
            database: database, migrator: migrator, readinessTimeout: services.readinessTimeout,
            accountsAPI: AccountsAPI(accounts: accounts, erasers: [
                    PlayEraser(play: play), ChatEraser(), SyncEraser(), MiniAppsEraser(), TopDogEraser(drafts: topDog.drafts), SocialEraser(bus: bus),
                    NotificationsEraser(), PurchasesEraser(), ConsoleEraser(),
                ], suspensionHooks: [PlayModeration(play: play)], reportContext: PlayModeration(play: play)),
            miniAppsAPI: MiniAppsAPI(accounts: accounts, miniApps: miniApps), syncAPI: SyncAPI(accounts: accounts, sync: sync),
            playAPI: PlayAPI(accounts: accounts, play: play), topDogAPI: TopDogAPI(accounts: accounts, topDog: topDog),
            socialAPI: SocialAPI(accounts: accounts, social: social, presence: play.presence),
            notificationsAPI: NotificationsAPI(accounts: accounts, push: push),
            purchasesAPI: PurchasesAPI(accounts: accounts, purchases: purchases),
            linksAPI: LinksAPI(database: database, play: play, topDog: topDog, engines: engines, configuration: services.links))
        try handler.registerHandlers(on: RecordingTransport(router: router, table: table), configuration: .parlor)
        var consoleConfiguration = services.console
        consoleConfiguration.trustForwardedProto = consoleConfiguration.trustForwardedProto || configuration.trustForwardedFor
        let consoleMetrics = MetricsHistory()
        let console = try Console(
            api: handler, accounts: accounts, database: database, configuration: consoleConfiguration, now: services.now, views: ConsoleViews().drawingGames(play: play, links: services.links).charting(consoleMetrics))
        console.register(on: RouteRegistrar(router: router, table: table))
        // The follower subscribes first, so a move's renders find the cached game advanced.
        let follower = LiveGameCacheFollower(cache: play.games.cache, bus: bus)
        let hub = RealtimeHub(
            play: PlayChannel(play: play), drafts: DraftChannel(drafts: topDog.drafts),
            social: SocialChannel(social: social, presence: play.presence), bus: bus, configuration: services.realtime, logger: logger)
        additionalRoutes(RouteRegistrar(router: router, table: table))
        shutdown.serverWaits { hub.connectionCount > 0 ? "\(hub.connectionCount) real-time sockets open" : nil }
        // Started in this order, stopped in the reverse one, each named for a stop's report.
        var backgroundServices: [any Service] = [
            TrackedService("accounts housekeeping", AccountsHousekeeping(database: database, now: services.now), progress: shutdown),
            TrackedService("password reset mailer", accounts.resetMails, progress: shutdown),
            TrackedService(
                "node presence",
                NodePresenceService(presence: play.presence, heartbeat: services.nodeHeartbeat, timeout: services.nodeTimeout) { hub.closeAll(.presenceLost) },
                progress: shutdown),
            TrackedService("real-time hub", hub, progress: shutdown) { hub.shutdownDetail },
            TrackedService(
                "turn timers",
                TurnTimerService(timers: play.timers, quickMatch: play.quickMatch, interval: services.turnTimerInterval, longestWait: services.turnTimerLongestWait),
                progress: shutdown),
            TrackedService("live game cache", follower, progress: shutdown),
            TrackedService(
                "waiting game expiry",
                WaitingGameExpiryService(
                    expiry: WaitingGameExpiry(games: play.games, expiry: services.waitingGameExpiry), interval: services.waitingGameSweepInterval),
                progress: shutdown),
            TrackedService(
                "draft timers",
                DraftTimerService(drafts: topDog.drafts, interval: services.draftTimerInterval, longestWait: services.draftTimerLongestWait),
                progress: shutdown),
            TrackedService("push sender", PushSenderService(sender: push.sender), progress: shutdown),
            TrackedService(
                "console metrics", MetricsSampler(history: consoleMetrics, interval: services.consoleMetricsInterval, now: services.now), progress: shutdown),
        ]
        if let postgresBus { backgroundServices.append(TrackedService("game event listener", postgresBus, progress: shutdown)) }
        if let revocations = accounts.appleRevocationService {
            backgroundServices.append(TrackedService("apple token revocations", revocations, progress: shutdown))
        }
        if let transport = services.mailTransport {
            let sender = MailSender(database: database, transport: transport, configuration: services.mailSending, now: services.now, logger: logger)
            backgroundServices.append(TrackedService("mail sender", MailSenderService(sender: sender), progress: shutdown))
        }

        return Application(
            router: router,
            server: RealtimeRoutes.serverBuilder(hub: hub),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "parlor"
            ),
            services: backgroundServices,
            onServerRunning: { channel in await onServerRunning(channel.localAddress) },
            logger: logger
        )
    }
}
