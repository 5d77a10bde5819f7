import ServiceLifecycle

/// A background service whose stopping is recorded in a ``ShutdownProgress`` under its name.
struct TrackedService: Service {
    let name: String
    let service: any Service
    let progress: ShutdownProgress

    init(_ name: String, _ service: any Service, progress: ShutdownProgress, detail: (@Sendable () -> String?)? = nil) {
        self.name = name
        self.service = service
        self.progress = progress
        progress.registered(name, detail: detail)
    }

    func run() async throws {
        defer { progress.serviceFinished(name) }
        // The service's own handlers are called as well: this one only records the moment.
        try await withGracefulShutdownHandler {
            try await service.run()
        } onGracefulShutdown: { [progress, name] in
            progress.serviceStopping(name)
        }
    }
}
