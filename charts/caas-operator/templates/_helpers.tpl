{{/* The release's full name: caas-operator-<application> unless the release is named otherwise. */}}
{{- define "caas-operator.fullname" -}}
{{- if contains "caas-operator" .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "caas-operator-%s" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "caas-operator.selectorLabels" -}}
app.kubernetes.io/name: caas-operator
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "caas-operator.labels" -}}
{{ include "caas-operator.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: {{ .Values.application.name }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "caas-operator.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "caas-operator.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "caas-operator.serviceUrl" -}}
{{- default (printf "https://%s.%s.svc:%d" (include "caas-operator.fullname" .) .Release.Namespace (int .Values.listener.port)) .Values.serviceUrl -}}
{{- end -}}

{{- define "caas-operator.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* Settings that cannot work together are refused at render time, each with what to do. */}}
{{- define "caas-operator.validate" -}}
{{- $name := .Values.application.name | toString -}}
{{- if not $name -}}
{{- fail "application.name is required: the Application resource (and charmed application) this release operates" -}}
{{- end -}}
{{- if not (regexMatch "^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$" $name) -}}
{{- fail (printf "application.name %q: lower-case letters, digits and single hyphens, starting with a letter" $name) -}}
{{- end -}}
{{- if le (int .Values.terminationGracePeriodSeconds) (add (int .Values.shutdownTimeoutSeconds) 15 | int) -}}
{{- fail (printf "terminationGracePeriodSeconds (%d) must exceed shutdownTimeoutSeconds (%d) by more than 15 s, or the kubelet kills the operator while hooks drain" (int .Values.terminationGracePeriodSeconds) (int .Values.shutdownTimeoutSeconds)) -}}
{{- end -}}
{{- if and .Values.journal.postgresqlUrl (not .Values.journal.passwordSecret.name) -}}
{{- fail "journal.postgresqlUrl needs journal.passwordSecret.name (a Secret holding the password; never put it in the URL)" -}}
{{- end -}}
{{- if regexMatch "^[a-z]+://[^/@]*:[^/@]*@" (.Values.journal.postgresqlUrl | toString) -}}
{{- fail "journal.postgresqlUrl carries a password: put it in the Secret journal.passwordSecret.name instead" -}}
{{- end -}}
{{- if gt (int .Values.replicas) 1 -}}
{{- if not .Values.leaderElection -}}
{{- fail "replicas > 1 needs leaderElection: true (only the Lease holder may act)" -}}
{{- end -}}
{{- if not .Values.journal.postgresqlUrl -}}
{{- fail "replicas > 1 needs journal.postgresqlUrl: replicas share one journal" -}}
{{- end -}}
{{- if not .Values.tls.secretName -}}
{{- fail "replicas > 1 needs tls.secretName: replicas share one listener certificate, naming the Service" -}}
{{- end -}}
{{- if .Values.persistence.enabled -}}
{{- fail "replicas > 1 needs persistence.enabled: false (each replica keeps its charms in its own emptyDir; the journal is PostgreSQL)" -}}
{{- end -}}
{{- end -}}
{{- end -}}
