;;; emacs_driver.el --- drive eglot headless against skill-ls  -*- lexical-binding: t -*-

;; Loads the eglot snippet from docs/editors.md, visits a SKILL.md the way a user would
;; (`find-file'; the snippet's mode hook calls `eglot-ensure'), waits for flymake to hold
;; the server's diagnostics, and writes what Emacs holds as JSON.
;;
;; Environment: SKILL_LS_SNIPPET (the snippet file), SKILL_LS_FILE (the SKILL.md),
;; SKILL_LS_OUT (the JSON output).

(require 'json)
(require 'cl-lib)
(package-initialize)

(defvar skill-ls-driver-timeout 10.0)

(defun skill-ls-driver-wait (what condition)
  "Run the event loop until CONDITION returns non-nil; signal WHAT on timeout."
  (let ((deadline (+ (float-time) skill-ls-driver-timeout)))
    (while (not (funcall condition))
      (when (> (float-time) deadline)
        (error "Timed out waiting for %s" what))
      (accept-process-output nil 0.02))))

(defun skill-ls-driver-diagnostic (diag)
  "DIAG as an alist: 1-based line, 0-based columns, flymake type and text."
  (let ((beg (flymake-diagnostic-beg diag))
        (end (flymake-diagnostic-end diag)))
    `((line . ,(line-number-at-pos beg))
      (column . ,(save-excursion (goto-char beg) (current-column)))
      (end_line . ,(line-number-at-pos end))
      (end_column . ,(save-excursion (goto-char end) (current-column)))
      (type . ,(symbol-name (flymake-diagnostic-type diag)))
      (text . ,(flymake-diagnostic-text diag)))))

(defun skill-ls-driver-main ()
  (let ((out '()))
    (condition-case err
        (progn
          (unless (locate-library "eglot")
            (error "eglot-missing"))
          (load (getenv "SKILL_LS_SNIPPET") nil t)
          (find-file (getenv "SKILL_LS_FILE"))
          (push `(major_mode . ,(symbol-name major-mode)) out)
          ;; `eglot-ensure' connects from `post-command-hook', which batch mode never runs.
          (run-hooks 'post-command-hook)
          (skill-ls-driver-wait "eglot to connect" (lambda () (eglot-current-server)))
          (skill-ls-driver-wait "flymake diagnostics" (lambda () (flymake-diagnostics)))
          (let* ((server (eglot-current-server))
                 (info (jsonrpc--process server)))
            (push `(server_command . ,(process-command info)) out)
            (push `(server_name . ,(plist-get (eglot--server-info server) :name)) out))
          (push `(diagnostics
                  . ,(vconcat
                      (mapcar #'skill-ls-driver-diagnostic (flymake-diagnostics))))
                out))
      (error (push `(error . ,(error-message-string err)) out)))
    (with-temp-file (getenv "SKILL_LS_OUT")
      (insert (json-encode out)))
    (ignore-errors (eglot-shutdown (eglot-current-server) nil 2))))

(skill-ls-driver-main)
(kill-emacs 0)
