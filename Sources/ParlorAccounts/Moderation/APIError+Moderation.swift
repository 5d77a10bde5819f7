import Foundation
import HTTPTypes
import ParlorHTTP

/// The errors of reports, suspensions and the admin users routes.
extension APIError {
    /// Sign-in and refresh of a suspended account; `suspended_until` (RFC 3339) is absent for a ban.
    package static func accountSuspended(until: Int64?) -> APIError {
        var error = APIError(
            .forbidden, code: "account_suspended",
            message: until == nil ? "this account is banned" : "this account is suspended until the time in suspended_until")
        if let until { error.context["suspended_until"] = Date(millis: until).formatted(.iso8601) }
        return error
    }

    package static func userNotFound(_ id: String) -> APIError {
        APIError(.notFound, code: "user_not_found", message: "no user \(id.prefix(64))")
    }

    package static let reportExists = APIError(
        .conflict, code: "report_exists", message: "you already have an open report about this user; staff will look at it")

    package static let cannotReportSelf = APIError(.unprocessableContent, code: "cannot_report_self", message: "you cannot report yourself")

    package static func reportNotFound(_ id: String) -> APIError {
        APIError(.notFound, code: "report_not_found", message: "no report \(id.prefix(64))")
    }

    package static let reportResolved = APIError(.conflict, code: "report_resolved", message: "this report has already been resolved")

    package static let cannotSuspendSelf = APIError(.unprocessableContent, code: "cannot_suspend_self", message: "you cannot suspend yourself")

    package static let notSuspended = APIError(.conflict, code: "not_suspended", message: "this user is not suspended")

    /// Removing or deleting the last admin would leave nobody able to run the service.
    package static let lastAdmin = APIError(
        .conflict, code: "last_admin", message: "this is the last admin; make another admin first")
}
