# A component is imported by its page id and its own id: <page_id>/<component_id>.
terraform import service_status_page_component.api 27/118
