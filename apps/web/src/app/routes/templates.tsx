import { IconFileText } from '@tabler/icons-react';
import { PlaceholderFrame } from '../../components/feedback/PlaceholderFrame.tsx';

export default function TemplatesRoute() {
  return (
    <PlaceholderFrame
      heading="Templates"
      description="Your PDF templates"
      icon={<IconFileText size={26} />}
      emptyTitle="No templates available."
      emptyDescription="Uploading templates and drawing fields will be available here soon."
    />
  );
}
