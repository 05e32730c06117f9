import Hummingbird
import PlayheadCore
import PlayheadSys

/// `PUT /api/media/NAME`: the body becomes NAME in the media folder, whole or not at all
/// (UploadFile), never larger than the limit, never outside the folder (UploadName). The
/// folder's playlist then follows it as it follows a stick.
struct UploadRoute {
    let folder: String?
    let limitBytes: Int
    let files: FileWorker

    func add(to router: Router<PeerContext>) {
        router.put("/api/media/:name") { request, context in
            let raw = context.parameters.get("name") ?? ""
            guard let name = PercentDecoding.decode(raw) else {
                return AccessGate.refusal(.badRequest, "the file name \(ReplyValue.quoted(raw)) has a broken %-escape; encode it as a URL component")
            }
            return try await upload(request, name: name)
        }
    }

    func upload(_ request: Request, name: String) async throws -> Response {
        guard let folder else { return AccessGate.refusal(.forbidden, "uploads are off; start playhead with --http-upload-dir DIR") }
        let checked: String
        switch UploadName.check(name) {
        case .failure(let e): return AccessGate.refusal(.badRequest, e.message)
        case .success(let n): checked = n
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limitBytes {
            return AccessGate.refusal(.contentTooLarge, tooLarge(name))
        }
        let opened = await files.run { () -> Result<UploadFile, CommandError> in
            do throws(CommandError) { return .success(try UploadFile(folder: folder, name: checked)) } catch { return .failure(error) }
        }
        guard let opened else { return AccessGate.refusal(.serviceUnavailable, "playhead is shutting down; upload again once it is back") }
        let file: UploadFile
        switch opened {
        case .failure(let e): return AccessGate.refusal(.internalServerError, e.message)
        case .success(let f): file = f
        }
        var received = 0
        do {
            for try await buffer in request.body {
                received += buffer.readableBytes
                guard received <= limitBytes else {
                    _ = await files.run { file.abort() }
                    return AccessGate.refusal(.contentTooLarge, tooLarge(name))
                }
                let bytes = Array(buffer.readableBytesView)
                if case .failure(let e)? = await files.run({ () -> Result<Void, CommandError> in
                    do throws(CommandError) { try file.append(bytes); return .success(()) } catch { return .failure(error) }
                }) {
                    return AccessGate.refusal(UploadRoute.insufficientStorage, e.message)
                }
            }
        } catch {
            _ = await files.run { file.abort() }
            throw error
        }
        guard received > 0 else {
            _ = await files.run { file.abort() }
            return AccessGate.refusal(.badRequest, "the upload \(ReplyValue.quoted(checked)) is empty; send the file as the request's body")
        }
        let stored = await files.run { () -> Result<Void, CommandError> in
            do throws(CommandError) { try file.commit(); return .success(()) } catch { return .failure(error) }
        }
        switch stored {
        case .success?: return APIRoutes.json(Reply.ok(.object([.init("uploaded", .string(checked)), .init("bytes", .int(received))])).rendered(as: .json))
        case .failure(let e)?: return AccessGate.refusal(UploadRoute.insufficientStorage, e.message)
        case nil:
            file.abort()
            return AccessGate.refusal(.serviceUnavailable, "playhead is shutting down; upload again once it is back")
        }
    }

    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")

    private func tooLarge(_ name: String) -> String {
        "the upload \(ReplyValue.quoted(name)) is larger than the \(limitBytes / 1_048_576) MB --http-upload-limit allows"
    }
}
